import type { TriggerDef } from '@mikro-orm/core';

/**
 * The columns of games the API's memory holds: its search index (search name, popularity, filters) and its
 * catalogue (CatalogueMemory: each card's fields and what the catalogue sorts and filters by). A change
 * bumps search_version.
 */
export const SEARCH_VERSION_COLUMNS = [
  'search_name',
  'critic_review_count',
  'user_rating_count',
  'metascore',
  'igdb_rating',
  'release_date',
  // The marks the search filters (adult) and ranks (add-on) by.
  'mature',
  'addon',
  // The catalogue's cards, orders and filters (migration CatalogueMemory).
  'igdb_id',
  'slug',
  'title',
  'image_cover',
  'platforms',
  'release_date_precision',
  'av_ratings',
  'av_user_ratings',
  'player_rank_score',
  'genres',
  'spanish_audio',
  'spanish_text',
  // The `length` filter and order (migration TimeToBeat).
  'length_hours',
] as const;

/**
 * The triggers that keep games.search_version (created by migration SearchVersion; declared on the
 * entities so the schema diff knows them): on games, before an insert and before an update that changes a column of
 * SEARCH_VERSION_COLUMNS; on game_aliases, after each statement that adds, changes or removes aliases.
 */
export function searchVersionTriggers(table: 'games' | 'game_aliases'): TriggerDef[] {
  if (table === 'games') {
    const when = SEARCH_VERSION_COLUMNS.map(
      (column) => `old."${column}" is distinct from new."${column}"`,
    ).join(' or ');
    return [
      {
        name: 'games_search_version_insert',
        timing: 'before',
        events: ['insert'],
        forEach: 'row',
        expression:
          'create trigger "games_search_version_insert" before insert on "games" for each row execute function games_search_version_bump()',
      },
      {
        name: 'games_search_version_update',
        timing: 'before',
        events: ['update'],
        forEach: 'row',
        when,
        expression: `create trigger "games_search_version_update" before update on "games" for each row when (${when}) execute function games_search_version_bump()`,
      },
      {
        // A removed game leaves its id in removed_games with a version of the same sequence (RemovedGame).
        name: 'games_removed',
        timing: 'after',
        events: ['delete'],
        forEach: 'statement',
        expression:
          'create trigger "games_removed" after delete on "games" referencing old table as old_rows for each statement execute function games_removed()',
      },
    ];
  }
  return (['insert', 'update', 'delete'] as const).map((event) => {
    const rows = event === 'delete' ? 'old table as old_rows' : 'new table as new_rows';
    return {
      name: `game_aliases_search_version_${event}`,
      timing: 'after',
      events: [event],
      forEach: 'statement',
      expression: `create trigger "game_aliases_search_version_${event}" after ${event} on "game_aliases" referencing ${rows} for each statement execute function games_search_version_from_aliases()`,
    };
  });
}
