import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { ScoringMethodPage } from './scoring-method-page';

// The page states the score rules the API computes with: they come from the contract. Here the contract
// gives other numbers than the real ones (no number below is the real one), and the page must follow them.
vi.mock('@veredicto/contract', async (importOriginal) => {
  const contract = await importOriginal<typeof import('@veredicto/contract')>();
  const PLAYER_RANK_PRIOR = { m: 20, C: 60 } as const;
  return {
    ...contract,
    SCORE_MINIMUMS: { critic: 6, best: 9, spanishPress: 5, player: 1 },
    PLAYER_RANK_PRIOR,
    playerRankScore: (count: number, mean: number) =>
      (count * mean + PLAYER_RANK_PRIOR.m * PLAYER_RANK_PRIOR.C) / (count + PLAYER_RANK_PRIOR.m),
    CRITIC_TIERS: [
      { topShare: 0.05, label: 'Excepcional' },
      { topShare: 0.25, label: 'Notable' },
      { topShare: 0.6, label: 'Correcto' },
      { topShare: 1, label: 'Flojo' },
    ],
  };
});

describe('ScoringMethodPage', () => {
  it("states the contract's minimums, prior and tiers, not numbers of its own", () => {
    renderWithProviders(<ScoringMethodPage />, { route: '/como-calculamos-las-notas' });
    const text = document.body.textContent ?? '';
    expect(screen.getAllByText('6 críticas con nota', { exact: false }).length).toBeGreaterThan(0);
    expect(text).toContain('Mediana, recomendado y nivel siguen el mismo mínimo que la media: 6 críticas');
    expect(text).toContain('exige 9 críticas');
    expect(text).toContain('a partir de 5 críticas');
    expect(text).toContain('m = 20 y C = 60');
    // One 100 ranks as (100 + 20 × 60) / 21 = 61,9; thirty 90s as (2700 + 1200) / 50 = 78.
    expect(text).toContain('un único 100 ordena como 61,9 y treinta 90 como 78');
    expect(text).toContain('El 5 % mejor es Excepcional; el 20 % siguiente, Notable; el 35 % siguiente');
    expect(text).not.toMatch(/\b4 críticas|\b7 críticas|\b3 críticas|m = 10|C = 70|72,7/);
  });
});
