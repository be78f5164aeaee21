import { Migration } from '@mikro-orm/migrations';

/** The function as Migration20261126090000_SearchVersion created it. */
const BEFORE = `
create or replace function games_search_version_from_aliases() returns trigger language plpgsql as $$
begin
  if tg_op = 'DELETE' then
    update games set search_version = nextval('games_search_version_seq')
    where id in (select game_id from old_rows);
  else
    update games set search_version = nextval('games_search_version_seq')
    where id in (select game_id from new_rows);
  end if;
  return null;
end $$;`;

/**
 * The first load of a catalogue copies the games and then their aliases in one transaction: the aliases'
 * insert trigger then rewrote every aliased game (8,493 of the demo's, each through its 16 indexes) only
 * to give a new search_version to games no one outside the transaction has seen, whose insert already
 * gave them one. That transaction now says so with a setting of its own (`veredicto.fresh_games`, local to
 * the transaction: set_config(…, true)), and the insert trigger leaves those games alone. Every other
 * write of aliases bumps its games as before.
 */
export class Migration20261201130000_FreshGamesAliasBump extends Migration {
  override name = 'Migration20261201130000_FreshGamesAliasBump';

  override up(): void | Promise<void> {
    this.addSql(`
create or replace function games_search_version_from_aliases() returns trigger language plpgsql as $$
begin
  if tg_op = 'DELETE' then
    update games set search_version = nextval('games_search_version_seq')
    where id in (select game_id from old_rows);
  elsif tg_op = 'INSERT' and current_setting('veredicto.fresh_games', true) = 'on' then
    null;
  else
    update games set search_version = nextval('games_search_version_seq')
    where id in (select game_id from new_rows);
  end if;
  return null;
end $$;`);
  }

  override down(): void | Promise<void> {
    this.addSql(BEFORE);
  }
}
