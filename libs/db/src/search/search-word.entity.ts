import type { TriggerDef } from '@mikro-orm/core';
import { Entity, Index, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';

/**
 * One distinct word (3 characters or more) of the games' search names and the aliases' terms, with how
 * many of them held it when it was added: the search corrects a typed word that is not here to its
 * closest words (pg_trgm's advice for spelling suggestions), an index look-up among ~85k words instead of
 * a word-similarity scan of every title. Filled and kept up to date by triggers on games and game_aliases
 * (migration SearchWords); words are never removed (a stale one only offers a correction that finds
 * nothing), so the frequency is approximate.
 */
@Entity({ tableName: 'search_words' })
@Index({
  name: 'search_words_word_trgm_idx',
  expression: 'create index "search_words_word_trgm_idx" on "search_words" using gin ("word" gin_trgm_ops)',
})
export class SearchWord {
  @PrimaryKey({ length: 300 })
  word!: string;

  @Property({ type: 'integer', default: 0 })
  frequency: number = 0;
}

/**
 * The triggers that keep search_words up to date (created by migrations SearchWords and
 * SearchWordsRowUpdates; declared on the tables' entities so the schema diff knows them). Inserts:
 * statement-level with a transition table (an import adds thousands of rows in one statement). Updates:
 * row-level, of the search column only and only when it changes, so other updates cost nothing.
 */
export function searchWordTriggers(table: 'games' | 'game_aliases'): TriggerDef[] {
  const [statementFn, rowFn, column] =
    table === 'games'
      ? ['search_words_from_games', 'search_words_from_game_update', 'search_name']
      : ['search_words_from_aliases', 'search_words_from_alias_update', 'term'];
  const when = `old."${column}" is distinct from new."${column}"`;
  return [
    {
      name: `${table}_search_words_insert`,
      timing: 'after',
      events: ['insert'],
      forEach: 'statement',
      expression: `create trigger "${table}_search_words_insert" after insert on "${table}" referencing new table as new_rows for each statement execute function ${statementFn}()`,
    },
    {
      name: `${table}_search_words_update`,
      timing: 'after',
      events: ['update'],
      forEach: 'row',
      when,
      expression: `create trigger "${table}_search_words_update" after update of "${column}" on "${table}" for each row when (${when}) execute function ${rowFn}()`,
    },
  ];
}
