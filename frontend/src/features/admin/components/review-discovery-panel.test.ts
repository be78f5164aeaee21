import { describe, expect, it } from 'vitest';
import { findingLine } from './review-discovery-panel';

describe('findingLine', () => {
  const base = {
    igdbId: 7,
    title: 'Elden Ring',
    url: 'https://www.metacritic.com/game/elden-ring/critic-reviews/',
    checkedAt: '2026-11-24T12:10:00.000Z',
  };

  it('says how many critic reviews an added page held', () => {
    expect(findingLine({ ...base, origin: 'metacritic', reason: null, reviewCount: 10 })).toBe(
      'Elden Ring · Metacritic · 24-11-2026: 10 críticas',
    );
    expect(findingLine({ ...base, origin: 'outlet', reason: null, reviewCount: 1 })).toBe(
      'Elden Ring · Medio del registro · 24-11-2026: 1 crítica',
    );
  });

  it('gives a refused page its reason', () => {
    expect(
      findingLine({
        ...base,
        origin: 'opencritic',
        reason: 'OpenCritic: sus direcciones llevan un número de juego que ni el título ni IGDB dan',
        reviewCount: 0,
      }),
    ).toBe(
      'Elden Ring · OpenCritic · 24-11-2026: OpenCritic: sus direcciones llevan un número de juego que ni el título ni IGDB dan',
    );
  });
});
