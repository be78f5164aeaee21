import { sql, type Expression, type SqlBool } from 'kysely';
import type { OnGames } from './game-card.js';
import type { GameSort, SpanishFilter } from './game-rows.js';

const SPANISH_COLUMN = { audio: 'g.spanishAudio', text: 'g.spanishText' } as const;

/** The default order (newest first) starts at today: unreleased games are 'Próximos lanzamientos'. */
const RELEASED_ONLY: Record<GameSort, boolean> = {
  releaseDate: true,
  avRatings: false,
  avUserRatings: false,
};

/**
 * The games of one ordering: its platform, its Spanish (a literal, so the partial indexes of the `spanish`
 * filter answer it), and released ones only for the default order.
 */
export const pageFilter =
  (sort: GameSort, platform?: string, spanish?: SpanishFilter | null) => (eb: OnGames) => {
    const conditions: Expression<SqlBool>[] = [];
    if (platform) conditions.push(eb('g.platforms', '@>', sql<string[]>`array[${platform}]::text[]`));
    if (spanish) conditions.push(eb(SPANISH_COLUMN[spanish], '=', sql.lit('yes')));
    if (RELEASED_ONLY[sort]) {
      conditions.push(
        eb.or([eb('g.releaseDate', '<=', sql<string>`current_date`), eb('g.releaseDate', 'is', null)]),
      );
    }
    return eb.and(conditions);
  };
