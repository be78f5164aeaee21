import { EntityManager } from '@mikro-orm/postgresql';
import { BadRequestException, Injectable, NotFoundException } from '@nestjs/common';
import type { FiledLanguageReport, LanguageReportOutcome } from '@veredicto/contract';
import { GameLanguage, LanguageReport, type LanguageClaim } from '@veredicto/db';
import { JobName, languagesChanged, OutboxRelay, type RecordedEvents } from '@veredicto/jobs';
import { findGameOr404 } from '../games/game-lookup.js';
import type { LanguageReportDto } from './dto/language-report.dto.js';

export const LANGUAGE_REPORT_NOT_FOUND = 'Aviso no encontrado o ya resuelto';
export const LANGUAGE_REPORT_EMPTY = 'Indica al menos si hay textos, voces, interfaz o subtítulos';

/**
 * Players' reports of a game's Spanish and the operator's decisions (docs/CONTRACT.md §13): an
 * accepted report becomes the `user` entry of its platform and locale (with its version in the history),
 * its `game.languages-changed` event and the reporter's mail, all in the decision's transaction.
 */
@Injectable()
export class LanguageReportsService {
  constructor(
    private readonly em: EntityManager,
    private readonly outbox: OutboxRelay,
  ) {}

  async file(userId: number, igdbId: number, dto: LanguageReportDto): Promise<FiledLanguageReport> {
    const claim: LanguageClaim = {
      platform: dto.platform,
      locale: dto.locale,
      text: dto.text ?? null,
      audio: dto.audio ?? null,
      interface: dto.interface ?? null,
      subtitles: dto.subtitles ?? null,
    };
    if ([claim.text, claim.audio, claim.interface, claim.subtitles].every((value) => value === null))
      throw new BadRequestException(LANGUAGE_REPORT_EMPTY);
    const game = await findGameOr404(this.em, igdbId);
    const id = await this.em.getRepository(LanguageReport).file(game.id, userId, claim, dto.note || null);
    return { id, status: 'pending' };
  }

  listOpen() {
    return this.em.getRepository(LanguageReport).findOpen();
  }

  async decide(reportId: number, accept: boolean, reason: string): Promise<LanguageReportOutcome> {
    const recorded = await this.em.transactional(async (tx): Promise<RecordedEvents | null> => {
      const decided = await tx.getRepository(LanguageReport).decide(reportId, accept, reason);
      if (!decided) return null;
      const changed = accept ? await tx.getRepository(GameLanguage).state([decided.statement]) : [];
      await this.outbox.record(tx, JobName.SendMail, [
        {
          template: 'language-report-decided',
          key: `language-report-${reportId}`,
          to: decided.reporterEmail,
          data: { username: decided.reporterName, gameTitle: decided.gameTitle, accepted: accept, reason },
        },
      ]);
      return this.outbox.recordEvents(tx, changed.map(languagesChanged));
    });
    if (!recorded) throw new NotFoundException(LANGUAGE_REPORT_NOT_FOUND);
    await this.outbox.publishRecorded(recorded);
    return { accepted: accept };
  }
}
