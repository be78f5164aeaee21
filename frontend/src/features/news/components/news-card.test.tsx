import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { News } from '../../../lib/types';
import { renderWithProviders } from '../../../test/render';
import { NewsCard } from './news-card';

const news = (publicationDate: string | null): News => ({
  newID: 7,
  slug: 'nuevo-zelda',
  title: 'Nuevo Zelda anunciado',
  image: null,
  logo: null,
  publicationDate,
  description: '',
  description2: '',
  description3: '',
  link: 'https://www.vandal.net/noticia/1',
  medium: 'Vandal',
});

describe('NewsCard', () => {
  it('shows the publication date as dd-MM-yyyy', () => {
    renderWithProviders(<NewsCard news={news('2025-03-12T08:30:00.000Z')} />);
    expect(screen.getByText('12-03-2025').tagName).toBe('TIME');
    expect(screen.queryByText('Fecha desconocida')).toBeNull();
  });

  it('says the date is unknown when the outlet gave none', () => {
    renderWithProviders(<NewsCard news={news(null)} />);
    expect(screen.getByText('Fecha desconocida')).toBeTruthy();
    expect(document.querySelector('time')).toBeNull();
  });
});
