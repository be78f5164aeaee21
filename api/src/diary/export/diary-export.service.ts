import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable, UnauthorizedException } from '@nestjs/common';
import { repository, UserDataRepository, type UserData } from '@veredicto/db';
import { stringify } from 'csv-stringify/sync';
import { strToU8, zipSync } from 'fflate';
import { INVALID_TOKEN_MESSAGE } from '../../auth/auth.guard.js';
import { OWN_CSV_COLUMNS } from '../import/import-file.js';

/**
 * A cell a spreadsheet would run as a formula (OWASP's CSV injection: `=HYPERLINK(…)`, `+cmd`, `@SUM…`)
 * starts with an apostrophe, which the spreadsheet shows as text; the import drops it again.
 */
export const neutraliseCell = (value: string): string => (/^[=+\-@\t\r]/.test(value) ? `'${value}` : value);

/** A row of the export with the game's id spelt as the API spells it (`igdbID`). */
const withIgdbID = <Row extends { igdbId: number }>({ igdbId, ...row }: Row) => ({ igdbID: igdbId, ...row });

/** csv-stringify's options for every CSV of the export. */
const CSV_OPTIONS = { header: true, bom: true, cast: { string: neutraliseCell } } as const;

/** Veredicto's CSV of the user's games: what the import reads back with no differences. */
export function gamesCsv(games: UserData['games']): string {
  return stringify(
    games.map((game) => [
      game.title,
      game.igdbId,
      game.platform ?? '',
      game.status ?? '',
      game.score ?? '',
      game.hours ?? '',
      game.startedAt ?? '',
      game.finishedAt ?? '',
    ]),
    { ...CSV_OPTIONS, columns: [...OWN_CSV_COLUMNS] },
  );
}

/** The same sessions as the JSON, one a line, for a spreadsheet. */
function sessionsCsv(sessions: UserData['sessions']): string {
  return stringify(
    sessions.map((session) => [
      session.title,
      session.igdbId,
      session.date,
      session.minutes,
      session.platform ?? '',
      session.note ?? '',
    ]),
    { ...CSV_OPTIONS, columns: ['Título', 'ID IGDB', 'Fecha', 'Minutos', 'Plataforma', 'Nota'] },
  );
}

/**
 * The user's data to take elsewhere (GDPR art. 20): a ZIP with everything they gave us as JSON, and their
 * games and sessions as CSV. Every table that references a user is in it or in NOT_PERSONAL_DATA
 * (export-coverage.ts; docs/CONTRACT.md §12 and §18), which test/integration/export-completeness checks.
 * Read in a handful of queries, so 5,000 games take well under a second.
 */
@Injectable()
export class DiaryExportService {
  constructor(private readonly em: EntityManager) {}

  async export(userId: number): Promise<{ fileName: string; zip: Uint8Array }> {
    const data = await repository(this.em.fork(), UserDataRepository).read(userId);
    if (!data) throw new UnauthorizedException(INVALID_TOKEN_MESSAGE);
    const exportedAt = new Date().toISOString();
    const json = JSON.stringify(
      {
        exportedAt,
        profile: data.profile,
        games: data.games.map(({ igdbId, score, ...game }) => ({ igdbID: igdbId, ...game, rating: score })),
        sessions: data.sessions.map(withIgdbID),
        reviews: data.reviews.map(withIgdbID),
        lists: data.lists.map((list) => ({
          name: list.name,
          games: list.games.map(({ igdbId, title }) => ({ igdbID: igdbId, title })),
        })),
        following: data.following,
        followRequests: data.followRequests,
        followers: data.followers,
        alertSettings: data.alertSettings,
        priceAlerts: data.priceAlerts.map(withIgdbID),
        notifications: data.notifications.map(withIgdbID),
        helpfulVotes: data.helpfulVotes.map(withIgdbID),
        reviewReports: data.reviewReports.map(withIgdbID),
        languageReports: data.languageReports.map(withIgdbID),
        imports: data.imports,
      },
      null,
      2,
    );
    const zip = zipSync(
      {
        'veredicto.json': strToU8(json),
        'juegos.csv': strToU8(gamesCsv(data.games)),
        'sesiones.csv': strToU8(sessionsCsv(data.sessions)),
      },
      { level: 6 },
    );
    return { fileName: `veredicto-${data.profile.username}-${exportedAt.slice(0, 10)}.zip`, zip };
  }
}
