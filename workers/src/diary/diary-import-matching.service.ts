import { MikroORM } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { DiaryImport, normalizeSearchText, type DiaryImportRow, type ImportCandidate } from '@veredicto/db';
import type { JobName, JobResults } from '@veredicto/jobs';
import { searchGames } from '@veredicto/search';

/** How many games the search offers for a row it cannot settle. */
const CANDIDATES = 5;

const yearOf = (date: string | null) => (date ? Number(date.slice(0, 4)) : null);

/**
 * match-diary-import: each row of an uploaded file to a game of the catalogue. A row that names its game
 * (Veredicto's own export) takes it; otherwise the title goes through the site's search: one game whose
 * title is the row's (accents, case, punctuation and numerals aside) is a match, several or only near
 * ones are offered to the user, none leaves the row unmatched. Writes nothing to the diary: the user
 * confirms first. Idempotent: a retry matches again from the rows as read.
 */
@Injectable()
export class DiaryImportMatchingService {
  constructor(private readonly orm: MikroORM) {}

  async match(importId: number): Promise<JobResults[JobName.MatchDiaryImport]> {
    const em = this.orm.em.fork();
    const imports = em.getRepository(DiaryImport);
    const upload = await imports.findOne({ id: importId });
    const counts = { importId, matched: 0, ambiguous: 0, unmatched: 0 };
    if (!upload || upload.state !== 'matching') return counts;

    const named = await imports.findTargets(
      upload.rows.flatMap((row) => (row.igdbId !== null && !row.problem ? [row.igdbId] : [])),
    );
    const byIgdbId = new Map(named.map((game) => [game.igdbId, game]));
    const searched = new Map<string, ImportCandidate[]>();
    const rows: DiaryImportRow[] = [];
    for (const row of upload.rows) {
      const matched = await this.matchRow(em, row, byIgdbId, searched);
      counts[matched.match!] += 1;
      rows.push(matched);
    }
    await imports.saveMatches(importId, rows);
    return counts;
  }

  async markFailed(importId: number): Promise<void> {
    await this.orm.em.fork().getRepository(DiaryImport).markFailed(importId);
  }

  private async matchRow(
    em: MikroORM['em'],
    row: DiaryImportRow,
    byIgdbId: Map<number, ImportCandidate>,
    searched: Map<string, ImportCandidate[]>,
  ): Promise<DiaryImportRow> {
    if (row.problem) return { ...row, match: 'unmatched', candidates: [] };
    const named = row.igdbId === null ? undefined : byIgdbId.get(row.igdbId);
    if (named) return { ...row, match: 'matched', candidates: [named] };
    const key = normalizeSearchText(row.title);
    if (!key) return { ...row, match: 'unmatched', candidates: [] };
    let found = searched.get(key);
    if (!found) {
      const page = await searchGames(em, row.title, { page: 0, size: CANDIDATES });
      found = page.rows.map((game) => ({
        igdbId: game.igdbId,
        title: game.title,
        year: yearOf(game.releaseDate),
      }));
      searched.set(key, found);
    }
    const same = found.filter((game) => normalizeSearchText(game.title) === key);
    if (same.length === 1) return { ...row, match: 'matched', candidates: same };
    if (found.length === 0) return { ...row, match: 'unmatched', candidates: [] };
    return { ...row, match: 'ambiguous', candidates: same.length > 1 ? same : found };
  }
}
