import { Migration } from '@mikro-orm/migrations';
import { ADDON_TITLE_PATTERNS } from '../games/addon.js';
import { SEARCH_VERSION_COLUMNS as CURRENT_COLUMNS } from '../search/search-version.js';
import { SORT_INDEXES } from './Migration20261129140000_MatureGamesOneWishlist.js';

/**
 * The watched columns that exist at this step: those added by later migrations (TimeToBeat's length_hours)
 * are watched from their own migration on.
 */
const SEARCH_VERSION_COLUMNS = CURRENT_COLUMNS.filter((column) => column !== 'length_hours');

/**
 * The indexes with `include` as their carried columns; with `withReleaseDate`, the orders by score carry the
 * release date as well, which every catalogue page filters by (released games only, docs/CONTRACT.md
 * §9): a deep page or the count of a score order is then an index-only scan too, not a walk of the table.
 */
const createIndexes = (include: string, withReleaseDate = false) =>
  SORT_INDEXES.map(([name, column, where]) => {
    const carried = withReleaseDate && column !== 'release_date' ? `${include}, "release_date"` : include;
    return `create index "${name}" on "games" ("${column}" desc nulls last, "id" desc) include (${carried})${where};`;
  });

const updateTrigger = (columns: readonly string[]) =>
  `create trigger "games_search_version_update" before update on "games"
   for each row when (${columns.map((column) => `old."${column}" is distinct from new."${column}"`).join(' or ')})
   execute function games_search_version_bump();`;

const quote = (text: string) => `'${text.replace(/'/g, "''")}'`;

/**
 * docs/CONTRACT.md §16 (docs/API-CONTRACT.md): DLC, packs, soundtracks, season passes and bundles are
 * marked add-ons (games/addon.ts; the stored games by their title, the same patterns as the import's) and
 * left out of the catalogue unless asked for. The sort indexes carry the mark, as they carry the adult
 * one, and the score orders the release date too, so a page is an index-only walk whatever the sort. The search index of the API reads both marks: a change of
 * either bumps the game's search version.
 */
export class Migration20261130100000_AddonGames extends Migration {
  override name = 'Migration20261130100000_AddonGames';

  override up(): void | Promise<void> {
    this.addSql(`alter table "games" add column "addon" boolean not null default false;`);
    this.addSql(
      `update "games" set "addon" = true where "title" ~* any (array[${ADDON_TITLE_PATTERNS.map(quote).join(', ')}]::text[]);`,
    );
    for (const [name] of SORT_INDEXES) this.addSql(`drop index if exists "${name}";`);
    for (const statement of createIndexes('"platforms", "mature", "addon"', true)) this.addSql(statement);
    this.addSql(`drop trigger if exists "games_search_version_update" on "games";`);
    this.addSql(updateTrigger(SEARCH_VERSION_COLUMNS));
  }

  override down(): void | Promise<void> {
    this.addSql(`drop trigger if exists "games_search_version_update" on "games";`);
    this.addSql(
      updateTrigger(SEARCH_VERSION_COLUMNS.filter((column) => column !== 'mature' && column !== 'addon')),
    );
    for (const [name] of SORT_INDEXES) this.addSql(`drop index if exists "${name}";`);
    for (const statement of createIndexes('"platforms", "mature"')) this.addSql(statement);
    this.addSql(`alter table "games" drop column "addon";`);
  }
}
