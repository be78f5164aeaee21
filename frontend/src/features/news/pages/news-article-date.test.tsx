import { screen } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { News } from '../../../lib/types';
import { jsonResponse, renderWithProviders, stubFetch } from '../../../test/render';
import { NewsArticlePage } from './news-article-page';

const article = (publicationDate: string | null): News => ({
  newID: 3,
  slug: 'steam-bate-su-record',
  title: 'Steam bate su récord',
  image: null,
  logo: null,
  publicationDate,
  description: 'Steam ha superado los 40 millones de usuarios conectados a la vez.',
  description2: '',
  description3: '',
  link: 'https://www.xataka.com/videojuegos/steam-bate-record-usuarios',
  medium: 'Xataka',
});

function show(news: News) {
  stubFetch((url) => (url.endsWith('/news/all') ? jsonResponse([news]) : jsonResponse(news)));
  renderWithProviders(
    <Routes>
      <Route path="/news/:slug" element={<NewsArticlePage />} />
    </Routes>,
    { route: '/news/steam-bate-su-record' },
  );
}

describe('NewsArticlePage date', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the outlet and the date as dd-MM-yyyy', async () => {
    show(article('2025-03-03T09:00:00.000Z'));
    expect((await screen.findByText('03-03-2025')).tagName).toBe('TIME');
    expect(screen.queryByText(/Fecha desconocida/)).toBeNull();
  });

  it('says the date is unknown when the outlet gave none', async () => {
    show(article(null));
    expect((await screen.findByText(/Fecha desconocida/)).textContent).toBe('Xataka · Fecha desconocida');
    expect(document.querySelector('time')).toBeNull();
  });
});
