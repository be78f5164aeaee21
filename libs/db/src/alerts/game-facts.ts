import type { GameFact, GameFacts } from './game-change.entity.js';

export interface GameFactsDiff {
  what: GameFact[];
  before: Partial<GameFacts>;
  after: Partial<GameFacts>;
}

const FACTS: readonly GameFact[] = ['releaseDate', 'releaseDatePrecision', 'platforms'];

const sameFact = (fact: GameFact, a: GameFacts, b: GameFacts) =>
  fact === 'platforms'
    ? a.platforms.length === b.platforms.length && a.platforms.every((name) => b.platforms.includes(name))
    : a[fact] === b[fact];

/** What differs between two states of a game's facts; null when nothing does (platform order aside). */
export function diffGameFacts(current: GameFacts, next: GameFacts): GameFactsDiff | null {
  const what = FACTS.filter((fact) => !sameFact(fact, current, next));
  if (what.length === 0) return null;
  const pick = (facts: GameFacts) =>
    Object.fromEntries(what.map((fact) => [fact, facts[fact]])) as Partial<GameFacts>;
  return { what, before: pick(current), after: pick(next) };
}
