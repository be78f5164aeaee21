import { EntityManager } from '@mikro-orm/postgresql';
import { BadRequestException, ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import {
  DiaryImport,
  GameStatus,
  Rating,
  type DiaryImportFormat,
  type DiaryImportRow,
  type ImportTarget,
} from '@veredicto/db';
import { JobGateway, JobName, OutboxRelay } from '@veredicto/jobs';
import type { ConfirmImportDto, ImportResponse, ImportRowResponse } from '../dto/data-portability.dto.js';
import { IMPORT_SCORE_SCALES, scoreMappingLabel, type ImportScoreScale } from '@veredicto/contract';
import { ImportFileError, ratingOf, ratingScaleOf, readImportFile } from './import-file.js';

const IMPORT_NOT_FOUND = 'Importación no encontrada';
export const SCALE_QUESTION =
  'Las notas del fichero pueden ser de 0 a 5, de 0 a 10 o de 0 a 100: indica en qué escala están';

const presentRow = (row: DiaryImportRow, scale: ImportScoreScale | null): ImportRowResponse => ({
  line: row.line,
  title: row.title,
  platform: row.platform,
  status: row.status,
  rating: ratingOf(row, scale),
  ratingText: row.ratingText ?? null,
  ratingMapping: row.ratingText ? scoreMappingLabel(row.ratingText, scale) : null,
  hours: row.hours,
  startedAt: row.startedAt,
  finishedAt: row.finishedAt,
  problem: row.problem,
  candidates: (row.candidates ?? []).map(({ igdbId, title, year }) => ({ igdbID: igdbId, title, year })),
});

/**
 * Imports of a user's games (docs/CONTRACT.md §12): the file is read here (a file that is none of the known
 * formats is refused at once), its rows are stored and a job matches them to the catalogue; the user
 * then confirms, and only then are statuses and scores written, and only where the user had none.
 */
@Injectable()
export class DiaryImportService {
  constructor(
    private readonly em: EntityManager,
    private readonly outbox: OutboxRelay,
    private readonly jobs: JobGateway,
  ) {}

  async start(
    userId: number,
    content: Buffer | undefined,
    source?: DiaryImportFormat,
  ): Promise<ImportResponse> {
    if (!content?.length) throw new BadRequestException('Falta el fichero (campo «file»)');
    let read: ReturnType<typeof readImportFile>;
    try {
      read = readImportFile(content, source);
    } catch (error) {
      if (error instanceof ImportFileError) throw new BadRequestException(error.message);
      throw error;
    }
    const { importId, outboxIds } = await this.em.transactional(async (tx) => {
      const id = await tx.getRepository(DiaryImport).start(userId, read.format, read.rows);
      return {
        importId: id,
        outboxIds: await this.outbox.record(tx, JobName.MatchDiaryImport, [{ importId: id }]),
      };
    });
    // Sent now so the screen fills in at once; if the queue is away the relay sends it later.
    await this.jobs
      .enqueue(JobName.MatchDiaryImport, { importId })
      .then(() => this.outbox.markSent(outboxIds))
      .catch(() => undefined);
    return this.find(userId, importId);
  }

  async find(userId: number, importId: number): Promise<ImportResponse> {
    const upload = await this.em.fork().getRepository(DiaryImport).findOwn(userId, importId);
    if (!upload) throw new NotFoundException(IMPORT_NOT_FOUND);
    const scale = ratingScaleOf(upload.rows, upload.format);
    const of = (match: DiaryImportRow['match']) =>
      upload.state === 'matching'
        ? []
        : upload.rows.filter((row) => row.match === match).map((row) => presentRow(row, scale));
    return {
      id: upload.id,
      source: upload.format,
      ratingScale: { detected: scale, options: [...IMPORT_SCORE_SCALES] },
      state: upload.state,
      rows: upload.rows.length,
      matched: of('matched'),
      ambiguous: of('ambiguous'),
      unmatched: of('unmatched'),
      result: upload.result ?? null,
    };
  }

  /**
   * Writes the confirmed rows: a row takes the game the user chose, else its one sure match; rows with a
   * problem or with no game are left out. Additive: a game the user already has a status or a score for
   * keeps it. The scores added ask for their games' recalculation in the same transaction.
   */
  async confirm(userId: number, importId: number, dto: ConfirmImportDto): Promise<ImportResponse> {
    const upload = await this.em.fork().getRepository(DiaryImport).findOwn(userId, importId);
    if (!upload) throw new NotFoundException(IMPORT_NOT_FOUND);
    if (upload.state !== 'ready')
      throw new ConflictException(
        upload.state === 'matching'
          ? 'La importación aún está buscando los juegos: espera a que termine'
          : 'Esta importación ya no se puede confirmar',
      );
    // The scores are written only on a scale the file or the user gave (docs/CONTRACT.md §18).
    const scale = dto.ratingScale ?? ratingScaleOf(upload.rows, upload.format);
    if (scale === null && upload.rows.some((row) => !row.problem && row.ratingText))
      throw new ConflictException(SCALE_QUESTION);
    const choices = new Map((dto.choices ?? []).map((choice) => [choice.line, choice.igdbID ?? null]));
    const chosen = upload.rows.flatMap((row) => {
      if (row.problem) return [];
      const igdbId = choices.has(row.line)
        ? choices.get(row.line)
        : row.match === 'matched'
          ? row.candidates?.[0]?.igdbId
          : null;
      return igdbId ? [{ row, igdbId }] : [];
    });
    const targets = new Map(
      (await this.em.getRepository(DiaryImport).findTargets(chosen.map(({ igdbId }) => igdbId))).map(
        (game) => [game.igdbId, game],
      ),
    );
    const unknown = chosen.find(({ igdbId }) => !targets.has(igdbId));
    if (unknown) throw new BadRequestException(`El juego elegido para la fila ${unknown.row.line} no existe`);

    // One entry per game: the first row that names it wins (a file may list a game twice).
    const perGame = new Map<number, { row: DiaryImportRow; game: ImportTarget }>();
    for (const { row, igdbId } of chosen) {
      const game = targets.get(igdbId)!;
      if (!perGame.has(game.id)) perGame.set(game.id, { row, game });
    }
    const entries = [...perGame.values()];
    await this.em.transactional(async (tx) => {
      const statuses = await tx.getRepository(GameStatus).addMissing(
        userId,
        entries.flatMap(({ row, game }) =>
          row.status
            ? [
                {
                  gameId: game.id,
                  status: row.status,
                  platform: row.platform,
                  startedAt: row.startedAt,
                  finishedAt: row.finishedAt,
                  hours: row.hours,
                },
              ]
            : [],
        ),
      );
      const rated = await tx.getRepository(Rating).addMissingScores(
        userId,
        entries.flatMap(({ row, game }) => {
          const score = ratingOf(row, scale);
          return score !== null && game.released ? [{ gameId: game.id, score }] : [];
        }),
      );
      if (rated.length)
        await this.outbox.record(
          tx,
          JobName.RecalculateAverage,
          rated.map((gameId) => ({ gameId })),
        );
      // Completed games with their hours count in the games' players' times (docs/CONTRACT.md §19).
      await this.outbox.record(
        tx,
        JobName.ComputePlayerTimes,
        entries.flatMap(({ row, game }) => (row.status === 'completed' ? [{ gameId: game.id }] : [])),
      );
      const counts = { statuses, ratings: rated.length };
      if (!(await tx.getRepository(DiaryImport).finish(importId, counts)))
        throw new ConflictException('Esta importación ya se confirmó');
    });
    return this.find(userId, importId);
  }
}
