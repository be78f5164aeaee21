import { Migration } from '@mikro-orm/migrations';

/** The words of a search text (3 characters or more), as SQL over the text expression `text`. */
const wordsOf = (text: string) => `unnest(string_to_array(${text}, ' ')) as word`;

/**
 * Adds each new word of the changed rows (of `column` in the transition tables new_rows/old_rows) to
 * search_words, or counts it once more. Sorted, so concurrent imports lock the word rows in one order.
 */
const addWords = (from: string, column: string, where: string) => `
    insert into search_words (word, frequency)
    select word, count(*) from ${from}, ${wordsOf(`n.${column}`)}
    where length(word) >= 3 ${where}
    group by word order by word
    on conflict (word) do update set frequency = search_words.frequency + excluded.frequency;`;

/** One trigger function per table: its inserts, and the updates that change its search column. */
const triggerFunction = (name: string, column: string) => `
create function ${name}() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' then${addWords('new_rows n', column, '')}
  else${addWords(
    'new_rows n join old_rows o on o.id = n.id',
    column,
    `and n.${column} is distinct from o.${column}
      and not (word = any (string_to_array(o.${column}, ' ')))`,
  )}
  end if;
  return null;
end $$;`;

export class Migration20261125090000_SearchWords extends Migration {
  override name = 'Migration20261125090000_SearchWords';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "search_words" ("word" varchar(300) not null, "frequency" int not null default 0, primary key ("word"));`,
    );
    this.addSql(
      `insert into search_words (word, frequency)
       select word, count(*) from (
         select ${wordsOf('search_name')} from games
         union all
         select ${wordsOf('term')} from game_aliases) words
       where length(word) >= 3
       group by word;`,
    );
    this.addSql(
      `create index "search_words_word_trgm_idx" on "search_words" using gin ("word" gin_trgm_ops);`,
    );
    // Statement-level triggers with transition tables: an import of thousands of games adds their
    // words in one statement. A trigger with transition tables takes one event and no column list.
    this.addSql(triggerFunction('search_words_from_games', 'search_name'));
    this.addSql(triggerFunction('search_words_from_aliases', 'term'));
    for (const [table, fn] of [
      ['games', 'search_words_from_games'],
      ['game_aliases', 'search_words_from_aliases'],
    ]) {
      this.addSql(
        `create trigger "${table}_search_words_insert" after insert on "${table}"
         referencing new table as new_rows for each statement execute function ${fn}();`,
      );
      this.addSql(
        `create trigger "${table}_search_words_update" after update on "${table}"
         referencing old table as old_rows new table as new_rows for each statement execute function ${fn}();`,
      );
    }
  }

  override down(): void | Promise<void> {
    for (const table of ['games', 'game_aliases']) {
      this.addSql(`drop trigger if exists "${table}_search_words_insert" on "${table}";`);
      this.addSql(`drop trigger if exists "${table}_search_words_update" on "${table}";`);
    }
    this.addSql(`drop function if exists search_words_from_games();`);
    this.addSql(`drop function if exists search_words_from_aliases();`);
    this.addSql(`drop table if exists "search_words" cascade;`);
  }
}
