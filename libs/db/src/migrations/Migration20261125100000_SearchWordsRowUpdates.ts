import { Migration } from '@mikro-orm/migrations';

/**
 * Adds the new words of one updated row's `column` to search_words, or counts them once more (a word the
 * row already had is not counted again). Sorted, so concurrent updates lock the word rows in one order.
 */
const rowFunction = (name: string, column: string) => `
create function ${name}() returns trigger language plpgsql as $$
begin
  insert into search_words (word, frequency)
  select word, count(*) from unnest(string_to_array(new.${column}, ' ')) as word
  where length(word) >= 3 and not (word = any (string_to_array(old.${column}, ' ')))
  group by word order by word
  on conflict (word) do update set frequency = search_words.frequency + excluded.frequency;
  return null;
end $$;`;

const TABLES = [
  {
    table: 'games',
    column: 'search_name',
    statementFn: 'search_words_from_games',
    rowFn: 'search_words_from_game_update',
  },
  {
    table: 'game_aliases',
    column: 'term',
    statementFn: 'search_words_from_aliases',
    rowFn: 'search_words_from_alias_update',
  },
] as const;

/**
 * The word list's UPDATE triggers become row-level, on the search column only, and only when it changes
 * (`WHEN`, evaluated without calling the function): an update of other columns (the averages of all the
 * games, a counter) costs nothing, where the statement-level trigger copied the old and new rows of every
 * updated game into transition tables and joined them. The INSERT triggers stay statement-level with a
 * transition table (an import adds the words of thousands of games in one statement); the statement
 * functions keep their (now unused) update branch, which `down` puts back in use.
 */
export class Migration20261125100000_SearchWordsRowUpdates extends Migration {
  override name = 'Migration20261125100000_SearchWordsRowUpdates';

  override up(): void | Promise<void> {
    // levenshtein() ranks the search's typo candidates (a swap of two letters is 2 edits); the extension
    // ships with PostgreSQL's contrib, in the embedded server too.
    this.addSql(`create extension if not exists fuzzystrmatch;`);
    for (const { table, column, rowFn } of TABLES) {
      this.addSql(`drop trigger if exists "${table}_search_words_update" on "${table}";`);
      this.addSql(rowFunction(rowFn, column));
      this.addSql(
        `create trigger "${table}_search_words_update" after update of "${column}" on "${table}"
         for each row when (old."${column}" is distinct from new."${column}") execute function ${rowFn}();`,
      );
    }
  }

  override down(): void | Promise<void> {
    for (const { table, statementFn, rowFn } of TABLES) {
      this.addSql(`drop trigger if exists "${table}_search_words_update" on "${table}";`);
      this.addSql(`drop function if exists ${rowFn}();`);
      this.addSql(
        `create trigger "${table}_search_words_update" after update on "${table}"
         referencing old table as old_rows new table as new_rows for each statement execute function ${statementFn}();`,
      );
    }
  }
}
