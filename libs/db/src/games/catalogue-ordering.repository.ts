import type { SqlEntityManager } from '@mikro-orm/postgresql';
import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import {
  CATALOGUE_PAGE_SIZE,
  GENRES_BY_SLUG,
  LENGTH_BOUNDS,
  LENGTH_FILTERS,
  PLATFORMS,
  SPANISH_FILTERS,
  type LengthFilter,
} from '@veredicto/contract';
import { filterArgs, pageFilter } from './catalogue-filter.js';
import { GAME_SORTS, orderBy, SORT_COLUMN } from './catalogue-order.js';
import type { CatalogueFilters, GameSort, PageIndex } from './game-rows.js';
import { currentReadRoute } from '../replication/read-routing.js';
import { typedSql, type Database, type TypedSql } from '../typed-sql.js';
import { repository } from '../repository.js';

/**
 * An anchor every this many games of an ordering: no page reads more rows than this before its own, and a
 * page of the catalogue's own size starts at an anchor (game.repository.ts: its statement's generic plan
 * then knows its LIMIT and has no OFFSET).
 */
export const CATALOGUE_ANCHOR_EVERY = CATALOGUE_PAGE_SIZE;

/** The first year the catalogue's screen offers in its year filter (frontend catalogue-page.tsx). */
const FIRST_OFFERED_YEAR = 1970;

/** One ordering of the catalogue: a sort and its filters. */
export interface CatalogueOrderingKey {
  sort: GameSort;
  filters: CatalogueFilters;
}

/** A stored ordering's page index, with the version of the walk it comes from. */
export interface StoredPageIndex extends PageIndex {
  version: string;
}

/**
 * What changed about a game, as far as the catalogue's orderings are concerned (its domain events):
 * 'players' is a change of its player figures alone (a rating), 'figures' one that may touch its critic
 * figures too.
 */
export type CatalogueChange = 'figures' | 'players' | 'facts' | 'languages' | 'length';

/**
 * The filters as one text: the same filters give the same key whatever the order they were given in.
 * Missing and false are the same filter.
 */
export function catalogueFilterKey(filters: CatalogueFilters): string {
  const parts = [
    filters.platform ? `platform=${filters.platform}` : '',
    filters.spanish ? `spanish=${filters.spanish}` : '',
    filters.genres?.length ? `genres=${[...filters.genres].sort().join('|')}` : '',
    filters.year !== undefined ? `year=${filters.year}` : '',
    filters.scored ? 'scored' : '',
    filters.length ? `length=${filters.length}` : '',
    filters.mature ? 'mature' : '',
    filters.addons ? 'addons' : '',
  ];
  return parts.filter(Boolean).join(';');
}

/**
 * The orderings the catalogue's screen offers with one filter at most, for every sort: the whole
 * catalogue, each platform, each Spanish filter, each genre, each year of its list, and each toggle.
 * The workers keep these walked; any other combination is walked the first time it is asked for.
 */
export function precomputedOrderings(thisYear: number): CatalogueOrderingKey[] {
  const filters: CatalogueFilters[] = [
    {},
    ...PLATFORMS.map((platform) => ({ platform: platform.name })),
    ...SPANISH_FILTERS.map((spanish) => ({ spanish })),
    ...[...GENRES_BY_SLUG.values()].map((genre) => ({ genres: genre.igdbNames })),
    ...Array.from({ length: thisYear - FIRST_OFFERED_YEAR + 1 }, (_, index) => ({
      year: FIRST_OFFERED_YEAR + index,
    })),
    { scored: true },
    ...LENGTH_FILTERS.map((length) => ({ length })),
    { mature: true },
    { addons: true },
  ];
  return GAME_SORTS.flatMap((sort) => filters.map((filter) => ({ sort, filters: filter })));
}

type OnOrderings = ExpressionBuilder<{ o: Database['CatalogueOrdering'] }, 'o'>;
type OnOrderingsAndGame = ExpressionBuilder<
  { o: Database['CatalogueOrdering']; g: Database['Game'] },
  'o' | 'g'
>;

/** The filter dimensions of an ordering, tested against one game (the game `g` joined to `o`). */
const holds = {
  platform: (eb: OnOrderingsAndGame) =>
    eb.or([
      eb('o.platform', 'is', null),
      eb('g.platforms', '@>', sql<string[]>`array[${eb.ref('o.platform')}]::text[]`),
    ]),
  spanish: (eb: OnOrderingsAndGame) =>
    eb.or([
      eb('o.spanish', 'is', null),
      eb.and([eb('o.spanish', '=', 'audio'), eb('g.spanishAudio', '=', 'yes')]),
      eb.and([eb('o.spanish', '=', 'text'), eb('g.spanishText', '=', 'yes')]),
    ]),
  genres: (eb: OnOrderingsAndGame) =>
    eb.or([eb('o.genres', 'is', null), eb('g.genres', '&&', eb.ref('o.genres'))]),
  year: (eb: OnOrderingsAndGame) =>
    eb.or([
      eb('o.year', 'is', null),
      eb(sql`extract(year from ${eb.ref('g.releaseDate')})`, '=', eb.ref('o.year')),
    ]),
  scored: (eb: OnOrderingsAndGame) => eb.or([eb('o.scored', '=', false), eb('g.avRatings', 'is not', null)]),
  length: (eb: OnOrderingsAndGame) =>
    eb.or([
      eb('o.length', 'is', null),
      eb.and([eb('o.length', '=', 'short'), eb('g.lengthHours', '<', LENGTH_BOUNDS.short)]),
      eb.and([
        eb('o.length', '=', 'medium'),
        eb('g.lengthHours', '>=', LENGTH_BOUNDS.short),
        eb('g.lengthHours', '<=', LENGTH_BOUNDS.long),
      ]),
      eb.and([eb('o.length', '=', 'long'), eb('g.lengthHours', '>', LENGTH_BOUNDS.long)]),
    ]),
  mature: (eb: OnOrderingsAndGame) => eb.or([eb('o.mature', '=', true), eb('g.mature', '=', false)]),
  addons: (eb: OnOrderingsAndGame) => eb.or([eb('o.addons', '=', true), eb('g.addon', '=', false)]),
};

/**
 * Which orderings a change of one game can move, by what the change can touch: a game's figures move it
 * in the orderings by critic or player score and in or out of 'scored' (a critic average), never in or out
 * of any other filter (so those are tested on the game as it is); its player figures alone (a rating) move
 * it only in the orderings by player score, so a wave of ratings never walks the orderings by date, by
 * critics or by length again; its languages move it in or out of the Spanish
 * filters only; its facts (release date, platforms) can move it anywhere but in the Spanish, genre,
 * score and toggle filters, whose values it keeps. What the change itself touches cannot be tested on
 * the game as it is now (its old value is gone), so those dimensions are left out of the test.
 */
/** The game holds every filter of the ordering but those `touched` (the change moves those, not tested). */
const holdsAllBut = (eb: OnOrderingsAndGame, ...touched: (keyof typeof holds)[]) =>
  (Object.keys(holds) as (keyof typeof holds)[])
    .filter((filter) => !touched.includes(filter))
    .map((filter) => holds[filter](eb));

const AFFECTED: Record<CatalogueChange, (eb: OnOrderingsAndGame) => Expression<SqlBool>> = {
  players: (eb) => eb.and([eb('o.sort', '=', 'avUserRatings'), ...holdsAllBut(eb)]),
  figures: (eb) =>
    eb.and([
      eb.or([eb('o.sort', 'in', ['avRatings', 'avUserRatings']), eb('o.scored', '=', true)]),
      ...holdsAllBut(eb, 'scored'),
    ]),
  languages: (eb) => eb.and([eb('o.spanish', 'is not', null), ...holdsAllBut(eb, 'spanish')]),
  facts: (eb) => eb.and(holdsAllBut(eb, 'platform', 'year')),
  // A game's main story hours move it in sortBy=length and in or out of the length filters only.
  length: (eb) =>
    eb.and([
      eb.or([eb('o.sort', '=', 'length'), eb('o.length', 'is not', null)]),
      ...holdsAllBut(eb, 'length'),
    ]),
};

/** An ordering waits for a walk: never walked, one of its games changed since, or walked another day. */
const due = (eb: OnOrderings) =>
  eb.or([
    eb('o.total', 'is', null),
    eb('o.dirtySeq', '>', eb.ref('o.cleanSeq')),
    eb('o.computedOn', '<', sql<string>`current_date`),
  ]);

/** Lazily walked orderings nobody asked for in this long are dropped by the sweep. */
const IDLE_ORDERING_DAYS = 7;

/**
 * The catalogue's orderings and their keyset anchors (catalogue-ordering.entity.ts). The workers walk them
 * (`walk`) when domain events marked them (`noteChanged`, then `markNoted`) and in their periodic sweep; the API reads them
 * (`findIndex`, `findChangedSince`) and asks for the ones not walked yet (`request`), and never walks.
 */
export class CatalogueOrderingRepository {
  constructor(private readonly em: SqlEntityManager) {}

  private get db(): TypedSql {
    return typedSql(this.em);
  }

  /** Reads of the API: on a replica when the current request allows it. */
  private get reads(): TypedSql {
    return typedSql(this.em, currentReadRoute());
  }

  /** A walked ordering's size and anchors, or null when it has not been walked yet. */
  async findIndex(sort: GameSort, filterKey: string): Promise<StoredPageIndex | null> {
    const row = await this.reads
      .selectFrom('CatalogueOrdering as o')
      .select(['o.total', 'o.every', 'o.anchorIds', 'o.anchorValues', 'o.version'])
      .where('o.sort', '=', sort)
      .where('o.filterKey', '=', filterKey)
      .where('o.total', 'is not', null)
      .executeTakeFirst();
    if (!row) return null;
    const every = Number(row.every);
    return {
      total: Number(row.total),
      every,
      version: String(row.version),
      anchors: row.anchorIds.map((id, index) => ({
        position: index * every,
        id: Number(id),
        value: row.anchorValues[index] ?? null,
      })),
    };
  }

  /** The orderings walked since `version` (the highest version first), for the API's cached indexes. */
  async findChangedSince(version: string): Promise<{ sort: GameSort; filterKey: string; version: string }[]> {
    const rows = await this.reads
      .selectFrom('CatalogueOrdering as o')
      .select(['o.sort', 'o.filterKey', 'o.version'])
      .where('o.version', '>', version)
      .orderBy('o.version', 'desc')
      .execute();
    return rows.map((row) => ({
      sort: row.sort as GameSort,
      filterKey: row.filterKey,
      version: String(row.version),
    }));
  }

  /**
   * The API asks for an ordering it has no anchors for (a combination of filters nobody asked for before,
   * or one walked lazily and dropped since); idempotent, and it says when it was last asked for.
   */
  async request({ sort, filters }: CatalogueOrderingKey): Promise<void> {
    await this.db
      .insertInto('CatalogueOrdering')
      .values({ sort, filterKey: catalogueFilterKey(filters), ...filterColumns(filters) })
      .onConflict((conflict) =>
        conflict.columns(['sort', 'filterKey']).doUpdateSet({ requestedAt: sql<Date>`now()` }),
      )
      .execute();
  }

  /** The API still uses this ordering; false when the sweep dropped it meanwhile (ask for it again). */
  async touch(sort: GameSort, filterKey: string): Promise<boolean> {
    const result = await this.db
      .updateTable('CatalogueOrdering')
      .set({ requestedAt: sql<Date>`now()` })
      .where('sort', '=', sort)
      .where('filterKey', '=', filterKey)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** Adds the precomputed orderings not stored yet (to be walked by the sweep). Answers how many. */
  async addPrecomputed(orderings: CatalogueOrderingKey[]): Promise<number> {
    if (!orderings.length) return 0;
    const added = await this.db
      .insertInto('CatalogueOrdering')
      .values(
        orderings.map(({ sort, filters }) => ({
          sort,
          filterKey: catalogueFilterKey(filters),
          ...filterColumns(filters),
          precomputed: true,
        })),
      )
      .onConflict((conflict) =>
        conflict
          .columns(['sort', 'filterKey'])
          .doUpdateSet({ precomputed: true })
          .where('CatalogueOrdering.precomputed', '=', false),
      )
      .returning('id')
      .execute();
    return added.length;
  }

  /**
   * Notes that a game changed (its domain event's consumer): one row appended, no ordering touched, so
   * events of many games at once never wait on one another; `markNoted` turns the notes into marks.
   */
  async noteChanged(igdbId: number, change: CatalogueChange): Promise<void> {
    await this.db.insertInto('CatalogueOrderingMark').values({ igdbId, change }).execute();
  }

  /**
   * Marks for a new walk the orderings the noted changes can move (AFFECTED), one statement per kind of
   * change whatever the number of notes, and deletes the notes it read, in one transaction (a failure
   * keeps them for the next run). Answers how many orderings were marked.
   */
  async markNoted(): Promise<number> {
    return this.em.transactional(async (em) => {
      const notes = await typedSql(em)
        .deleteFrom('CatalogueOrderingMark')
        .returning(['igdbId', 'change'])
        .execute();
      const orderings = repository(em, CatalogueOrderingRepository);
      let marked = 0;
      for (const change of Object.keys(AFFECTED) as CatalogueChange[]) {
        const igdbIds = [
          ...new Set(notes.filter((note) => note.change === change).map((note) => note.igdbId)),
        ];
        if (igdbIds.length) marked += await orderings.markChanged(igdbIds, change);
      }
      return marked;
    });
  }

  /** Marks for a new walk the orderings a change of these games can move (AFFECTED). Answers how many. */
  private async markChanged(igdbIds: number[], change: CatalogueChange): Promise<number> {
    const marked = await this.db
      .updateTable('CatalogueOrdering')
      .set({ dirtySeq: sql<string>`nextval('catalogue_orderings_seq')` })
      .where('id', 'in', (db) =>
        db
          .selectFrom(['CatalogueOrdering as o', 'Game as g'])
          .select('o.id')
          .where('g.igdbId', 'in', igdbIds)
          .where(AFFECTED[change]),
      )
      .returning('id')
      .execute();
    return marked.length;
  }

  /** Marks every ordering for a new walk (a change no event reports, such as a bulk import). */
  async markAllChanged(): Promise<number> {
    const result = await this.db
      .updateTable('CatalogueOrdering')
      .set({ dirtySeq: sql<string>`nextval('catalogue_orderings_seq')` })
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  /** The orderings waiting for a walk (see `due`), the whole catalogue's first and the most asked-for next. */
  async findDue(): Promise<CatalogueOrderingKey[]> {
    const rows = await this.db
      .selectFrom('CatalogueOrdering as o')
      .select([
        'o.sort',
        'o.platform',
        'o.spanish',
        'o.genres',
        'o.year',
        'o.scored',
        'o.length',
        'o.mature',
        'o.addons',
      ])
      .where(due)
      .orderBy('o.precomputed', 'desc')
      .orderBy('o.requestedAt', 'desc')
      .orderBy('o.id')
      .execute();
    return rows.map((row) => ({
      sort: row.sort as GameSort,
      filters: {
        platform: row.platform ?? undefined,
        spanish: (row.spanish as CatalogueFilters['spanish']) ?? undefined,
        genres: row.genres ?? undefined,
        year: row.year ?? undefined,
        scored: row.scored,
        length: (row.length as LengthFilter | null) ?? undefined,
        mature: row.mature,
        addons: row.addons,
      },
    }));
  }

  /** Drops the lazily walked orderings nobody asked for in IDLE_ORDERING_DAYS. Answers how many. */
  async dropIdle(): Promise<number> {
    const result = await this.db
      .deleteFrom('CatalogueOrdering')
      .where('precomputed', '=', false)
      .where('requestedAt', '<', sql<Date>`now() - make_interval(days => ${IDLE_ORDERING_DAYS})`)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  /**
   * Walks an ordering (one statement: its games in order, with their count) and stores its size and an
   * anchor every CATALOGUE_ANCHOR_EVERY games. The changes marked before the walk are then clean: the
   * mark read first was written after the change it reports was committed, so the walk sees that change.
   * A change marked during the walk leaves the ordering due. With `onlyIfDue`, an ordering another walk
   * has just made current (the sweep and a job for one ordering meeting) is left as it is. Answers the
   * ordering's size and whether it was walked.
   */
  async walk(
    { sort, filters }: CatalogueOrderingKey,
    { onlyIfDue = false } = {},
  ): Promise<{ total: number; walked: boolean }> {
    const filterKey = catalogueFilterKey(filters);
    const key = { sort, filterKey, ...filterColumns(filters) };
    const every = CATALOGUE_ANCHOR_EVERY;
    // One walk of an ordering at a time (the sweep and a job for one ordering may meet): a walk never
    // stores anchors older than the ones stored before it.
    return this.em.transactional(async (em) => {
      const db = typedSql(em);
      await db
        .selectNoFrom(
          sql<unknown>`pg_advisory_xact_lock(hashtext(${`catalogue-ordering:${sort}:${filterKey}`}))`.as(
            'locked',
          ),
        )
        .execute();
      const marked = await db
        .insertInto('CatalogueOrdering')
        .values(key)
        .onConflict((conflict) =>
          conflict.columns(['sort', 'filterKey']).doUpdateSet({ sort: (eb) => eb.ref('excluded.sort') }),
        )
        .returning((eb) => [
          'dirtySeq',
          'total',
          eb
            .or([
              eb('total', 'is', null),
              eb('dirtySeq', '>', eb.ref('cleanSeq')),
              eb('computedOn', '<', sql<string>`current_date`),
            ])
            .as('due'),
        ])
        .executeTakeFirstOrThrow();
      if (onlyIfDue && !marked.due && marked.total != null)
        return { total: Number(marked.total), walked: false };
      const rows = await db
        .selectFrom((inner) =>
          inner
            .selectFrom('Game as g')
            .select((eb) => [
              sql<string>`row_number() over (order by ${orderBy(eb, sort)}) - 1`.as('position'),
              'g.id',
              sql<string | null>`${eb.ref(SORT_COLUMN[sort])}::text`.as('value'),
              sql<string>`count(*) over ()`.as('total'),
            ])
            .where(pageFilter(filterArgs(filters), sort))
            .as('ordered'),
        )
        .select(['ordered.id', 'ordered.value', 'ordered.total'])
        .where((eb) => eb(sql`${eb.ref('ordered.position')} % ${every}`, '=', sql.lit(0)))
        .orderBy('ordered.position')
        .execute();
      const total = rows.length ? Number(rows[0].total) : 0;
      await db
        .updateTable('CatalogueOrdering')
        .set({
          total,
          every,
          anchorIds: rows.map((row) => Number(row.id)),
          anchorValues: rows.map((row) => row.value),
          version: sql<string>`nextval('catalogue_orderings_seq')`,
          cleanSeq: String(marked.dirtySeq),
          computedOn: sql<string>`current_date`,
          computedAt: sql<Date>`now()`,
        })
        .where('sort', '=', sort)
        .where('filterKey', '=', filterKey)
        .execute();
      return { total, walked: true };
    });
  }

  /**
   * Adds the precomputed orderings not stored yet and walks every due one, each in its own fork: what the
   * workers' sweep does, for a seed or a bench that wants its pages read from anchors when it ends rather
   * than when the sweep comes (10 min). Answers how many were walked.
   */
  async walkDue(): Promise<number> {
    const orderings = repository(this.em.fork(), CatalogueOrderingRepository);
    await orderings.addPrecomputed(precomputedOrderings(new Date().getUTCFullYear()));
    let walked = 0;
    for (const ordering of await orderings.findDue()) {
      const ordered = repository(this.em.fork(), CatalogueOrderingRepository);
      if ((await ordered.walk(ordering, { onlyIfDue: true })).walked) walked++;
    }
    return walked;
  }
}

/** The filter columns of an ordering's row. */
function filterColumns(filters: CatalogueFilters) {
  return {
    platform: filters.platform ?? null,
    spanish: filters.spanish ?? null,
    genres: filters.genres?.length ? [...filters.genres].sort() : null,
    year: filters.year ?? null,
    scored: filters.scored === true,
    length: filters.length ?? null,
    mature: filters.mature === true,
    addons: filters.addons === true,
  };
}
