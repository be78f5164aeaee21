import { Migration } from '@mikro-orm/migrations';

/**
 * Every store's ids of a game (docs/CONTRACT.md §20): Steam app ids and Microsoft Store ids from IGDB's
 * external games, Nintendo nsuids matched by title and release date. `if not exists` and PostgreSQL's own
 * constraint names: the Game Pass lists read the same table and may have created it first, in these words.
 */
export class Migration20261207210000_GameStoreIds extends Migration {
  override name = 'Migration20261207210000_GameStoreIds';

  override up(): void | Promise<void> {
    this.addSql(
      `create table if not exists game_store_ids (id serial primary key, game_id int not null references games(id) on delete cascade, store text not null, store_id text not null, source text not null, seen_at timestamptz not null default now(), unique (game_id, store, store_id));`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "game_store_ids" cascade;`);
  }
}
