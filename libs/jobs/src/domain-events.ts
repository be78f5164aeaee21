/**
 * Domain events: facts about the catalogue that other parts react to (CDN purge, search freshness, alerts,
 * feeds, similar games). Each is written to the outbox in the transaction of the change it reports, and
 * the workers' dispatcher hands it to every consumer that subscribed to its name. Ids only, like jobs.
 */
export interface DomainEvents {
  /** Release date, its precision or platforms changed (IGDB import, the operator); `changeId` = game_changes. */
  'game.facts-changed': { igdbId: number; changeId?: number };
  /**
   * A recalculation changed the stored figures; the flags say when an average is shown for the first time,
   * and `playersOnly` that no critic figure changed (a rating: only the orderings by player score move).
   */
  'game.figures-changed': {
    igdbId: number;
    firstCritic?: boolean;
    firstSpanishPress?: boolean;
    playersOnly?: boolean;
  };
  /** A media or player review of the game was added, changed or removed. */
  'review.changed': { igdbId: number; kind: 'media' | 'user'; reviewId?: number };
  /** What is known of the game's Spanish voices and texts changed. */
  'game.languages-changed': { igdbId: number };
  /** The main story's hours (games.length_hours: IGDB's or our players') changed. */
  'game.length-changed': { igdbId: number };
}

export const languagesChanged = (igdbId: number): DomainEventOf<'game.languages-changed'> => ({
  name: 'game.languages-changed',
  igdbId,
});

export type DomainEventName = keyof DomainEvents;

export type DomainEvent = { [N in DomainEventName]: { name: N } & DomainEvents[N] }[DomainEventName];

export type DomainEventOf<N extends DomainEventName> = Extract<DomainEvent, { name: N }>;

/** One event as it travels: its own id (deduplicates relays and retries) and the event. */
export interface DomainEventEnvelope {
  id: string;
  event: DomainEvent;
}
