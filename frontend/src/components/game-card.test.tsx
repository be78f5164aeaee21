import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import type { GameSummary } from '../lib/types';
import { GameCard } from './game-card';

const game: GameSummary = {
  id: 1,
  igdbID: 1942,
  slug: 'the-witcher-3-wild-hunt',
  title: 'The Witcher 3: Wild Hunt',
  imageCover: 'https://images.example/witcher.jpg',
  platform: ['PC', 'PlayStation 5', 'PlayStation 4', 'Nintendo Switch'],
  releaseDate: '2015-05-19',
  avRatings: 93,
  avUserRatings: null,
  criticReviewCount: 40,
  userRatingCount: 0,
};

function renderCard(overrides: Partial<GameSummary> = {}) {
  return render(
    <MemoryRouter>
      <GameCard game={{ ...game, ...overrides }} />
    </MemoryRouter>,
  );
}

describe('GameCard', () => {
  it('links the title to the game page', () => {
    renderCard();
    const link = screen.getByRole('link', { name: 'The Witcher 3: Wild Hunt' });
    expect(link.getAttribute('href')).toBe('/game/the-witcher-3-wild-hunt/1942');
  });

  it('builds the slug from the title when the API gives none', () => {
    renderCard({ slug: '', title: 'Pokémon Escarlata' });
    expect(screen.getByRole('link', { name: 'Pokémon Escarlata' }).getAttribute('href')).toBe(
      '/game/pokemon-escarlata/1942',
    );
  });

  it('shows both scores, S/P for a missing one, and the date as dd-MM-yyyy', () => {
    renderCard();
    expect(screen.getByText('93')).toBeTruthy();
    expect(screen.getByText('S/P')).toBeTruthy();
    expect(screen.getByText('19-05-2015')).toBeTruthy();
  });

  it('shows one logo per platform family, named after the platforms', () => {
    renderCard();
    expect(screen.getByRole('img', { name: 'PlayStation 5, PlayStation 4' })).toBeTruthy();
    expect(screen.getByRole('img', { name: 'PC' })).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Nintendo Switch' })).toBeTruthy();
    expect(screen.queryByRole('img', { name: /Xbox/ })).toBeNull();
  });

  it('uses a lazy cover image with dimensions, or the placeholder without one', () => {
    const { container, unmount } = renderCard();
    const image = container.querySelector('img');
    expect(image?.getAttribute('loading')).toBe('lazy');
    expect(image?.getAttribute('width')).toBe('264');
    unmount();
    const withoutCover = renderCard({ imageCover: null });
    expect(withoutCover.container.querySelector('img')).toBeNull();
    expect(withoutCover.container.querySelector('.cover-placeholder')).not.toBeNull();
  });

  it('tells same-name games apart by platforms and year under the title', () => {
    const { container } = render(
      <MemoryRouter>
        <GameCard
          game={{
            ...game,
            title: 'Grand Theft Auto V',
            platform: ['PlayStation 3'],
            releaseDate: '2013-09-17',
          }}
        />
        <GameCard
          game={{
            ...game,
            title: 'Grand Theft Auto V',
            platform: ['PlayStation 5', 'Xbox Series X|S'],
            releaseDate: '2022-03-15',
          }}
        />
      </MemoryRouter>,
    );
    const subtitles = [...container.querySelectorAll('.game-card__subtitle')].map((node) => node.textContent);
    expect(subtitles).toEqual(['PS3 · 2013', 'PS5 · Xbox Series · 2022']);
  });

  it('shows an upcoming date only as precisely as it is known', () => {
    renderCard({ releaseDate: '2026-12-31', releaseDatePrecision: 'year' });
    expect(screen.getByText('2026', { selector: 'time' })).toBeTruthy();
  });

  it('shows a badge for Spanish voices, else for Spanish texts, and none without a yes', () => {
    renderCard({ spanish: { audio: 'yes', text: 'yes' } });
    expect(screen.getByTestId('spanish-badge').textContent).toBe('Voces en castellano');
    cleanup();
    renderCard({ spanish: { audio: 'unknown', text: 'yes' } });
    expect(screen.getByTestId('spanish-badge').textContent).toBe('Textos en castellano');
    cleanup();
    renderCard({ spanish: { audio: 'no', text: 'unknown' } });
    expect(screen.queryByTestId('spanish-badge')).toBeNull();
  });
});
