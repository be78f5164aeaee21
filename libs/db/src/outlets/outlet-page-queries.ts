import { sql } from 'kysely';
import { reusableQuery } from '../typed-sql.js';

/*
 * The prepared statements of the API's outlet pages (OutletPagesRepository): each page is one round trip,
 * built once per shape and prepared per connection (reusableQuery).
 */

/** Width in points of one bar of an outlet's chart of differences, from -50 to +50. */
export const DIFFERENCE_BIN_WIDTH = 5;
const DIFFERENCE_BINS = 100 / DIFFERENCE_BIN_WIDTH;

/**
 * An outlet's reviews page in one prepared statement, by the outlet's slug: the outlet (only one with
 * reviews), the number of its reviews (an index-only count on media_reviews_outlet_published_idx) and the
 * page, each review written as the API's JSON by the database ({"igdbID","title","rating","date"}: to_json
 * of a row writes it compact, as JSON.stringify does). One round trip instead of three (the outlet by its
 * slug, the page, the count), and no rows for the API to map and serialise.
 */
export const REVIEWS_BY_SLUG = reusableQuery((db, args: { slug: string; limit: number; offset: number }) =>
  db
    .selectFrom('Outlet as o')
    .select((select) => [
      sql<number>`(select count(*)::int from media_reviews mr where mr.outlet = ${select.ref('o.name')})`.as(
        'total',
      ),
      sql<string>`(select '[' || coalesce(string_agg(
          (select to_json(c)::text from (select g.igdb_id as "igdbID", g.title, p.rating,
            to_char(p.published_at, 'YYYY-MM-DD') as date) as c),
          ',' order by p.published_at desc nulls last, p.id desc), '') || ']'
        from (
          select mr.id, mr.game_id, mr.rating, mr.published_at from media_reviews mr
          where mr.outlet = ${select.ref('o.name')}
          order by mr.published_at desc nulls last, mr.id desc
          limit ${args.limit} offset ${args.offset}
        ) p join games g on g.id = p.game_id)`.as('content'),
    ])
    .where('o.slug', '=', args.slug)
    .where('o.reviewCount', '>', 0),
);

/**
 * An outlet's chart of differences in one prepared statement, by its slug: the histogram (counts in bins
 * of DIFFERENCE_BIN_WIDTH points from -50 to +50, the ends open) and its most generous and harshest calls,
 * off outlet_game_scores_outlet_difference_idx. One round trip instead of four.
 */
export const DIFFERENCES_BY_SLUG = reusableQuery((db, args: { slug: string; limit: number }) =>
  db
    .selectFrom('Outlet as o')
    .select((select) => {
      const calls = (direction: 'generous' | 'harsh') => {
        const order = direction === 'generous' ? sql`desc` : sql`asc`;
        const side = direction === 'generous' ? sql`s.difference > 0` : sql`s.difference < 0`;
        return sql<
          OutletCall[]
        >`(select coalesce(json_agg(c order by c.difference ${order}, c."igdbId"), '[]')
          from (
            select g.igdb_id as "igdbId", g.title, s.score, s.others_mean as "othersMean",
              s.others_count as "othersCount", s.difference
            from outlet_game_scores s join games g on g.id = s.game_id
            where s.outlet_id = ${select.ref('o.id')} and ${side}
            order by s.difference ${order}, g.igdb_id
            limit ${args.limit}
          ) c)`;
      };
      return [
        'o.id',
        sql<number[]>`(select array_agg(coalesce(h.total, 0) order by b.bin)
          from generate_series(${sql.lit(-DIFFERENCE_BINS / 2)}, ${sql.lit(DIFFERENCE_BINS / 2 - 1)}) as b(bin)
          left join (
            select least(greatest(floor(s.difference / ${sql.lit(DIFFERENCE_BIN_WIDTH)}), ${sql.lit(-DIFFERENCE_BINS / 2)}), ${sql.lit(DIFFERENCE_BINS / 2 - 1)})::int as bin,
              count(*)::int as total
            from outlet_game_scores s
            where s.outlet_id = ${select.ref('o.id')} and s.difference is not null
            group by 1
          ) h on h.bin = b.bin)`.as('histogram'),
        calls('generous').as('generous'),
        calls('harsh').as('harsh'),
      ];
    })
    .where('o.slug', '=', args.slug)
    .where('o.reviewCount', '>', 0),
);

/** An outlet's call on a game against the other outlets' (a row of outlet_game_scores, with its game). */
export interface OutletCall {
  igdbId: number;
  title: string;
  score: number;
  othersMean: number;
  othersCount: number;
  difference: number;
}

/**
 * An outlet by its slug, its columns under their properties' names (OutletPagesRepository's OUTLET_COLUMNS),
 * for a read without the plugin's renaming (typedRows).
 */
export const OUTLET_BY_SLUG = reusableQuery((db, args: { slug: string }) =>
  db
    .selectFrom('Outlet as o')
    .select((select) => [
      select.ref('o.id').as('id'),
      select.ref('o.slug').as('slug'),
      select.ref('o.name').as('name'),
      select.ref('o.country').as('country'),
      select.ref('o.language').as('language'),
      select.ref('o.domain').as('domain'),
      select.ref('o.reviewCount').as('reviewCount'),
      select.ref('o.averageScore').as('averageScore'),
      select.ref('o.deviationGames').as('deviationGames'),
      select.ref('o.deviationMean').as('deviationMean'),
      select.ref('o.deviationStdev').as('deviationStdev'),
    ])
    .where('o.slug', '=', args.slug),
);
