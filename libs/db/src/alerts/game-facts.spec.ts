import type { GameFacts } from './game-change.entity.js';
import { diffGameFacts } from './game-facts.js';

const facts: GameFacts = {
  releaseDate: '2027-03-14',
  releaseDatePrecision: 'day',
  platforms: ['PC', 'PlayStation 5'],
};

describe('diffGameFacts', () => {
  it('answers null when nothing changed, whatever the order of the platforms', () => {
    expect(diffGameFacts(facts, { ...facts, platforms: ['PlayStation 5', 'PC'] })).toBeNull();
  });

  it('keeps only the facts that changed, before and after', () => {
    expect(diffGameFacts(facts, { ...facts, releaseDate: '2027-06-02' })).toEqual({
      what: ['releaseDate'],
      before: { releaseDate: '2027-03-14' },
      after: { releaseDate: '2027-06-02' },
    });
  });

  it('sees a port and a precision change together', () => {
    expect(
      diffGameFacts(facts, {
        releaseDate: '2027-12-31',
        releaseDatePrecision: 'year' as const,
        platforms: ['PC', 'PlayStation 5', 'Nintendo Switch 2'],
      }),
    ).toEqual({
      what: ['releaseDate', 'releaseDatePrecision', 'platforms'],
      before: facts,
      after: {
        releaseDate: '2027-12-31',
        releaseDatePrecision: 'year',
        platforms: ['PC', 'PlayStation 5', 'Nintendo Switch 2'],
      },
    });
  });
});
