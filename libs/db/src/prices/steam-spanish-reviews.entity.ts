import { Entity, Index, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';

/**
 * A game's Steam reviews written in Spanish (docs/CONTRACT.md §20), `spanish` and `latam` added up, as the
 * price poll last read them from the store's review summary. Read by the game page, never fetched on a request.
 */
@Entity({ tableName: 'steam_spanish_reviews' })
@Index({ name: 'steam_spanish_reviews_checked_idx', properties: ['checkedAt'] })
export class SteamSpanishReviews {
  @PrimaryKey({ type: 'integer', autoincrement: false })
  gameIgdbId!: number;

  @Property({ type: 'text' })
  appId!: string;

  @Property({ type: 'integer' })
  positive!: number;

  @Property({ type: 'integer' })
  total!: number;

  @Property({ type: 'timestamptz' })
  checkedAt!: Date;
}
