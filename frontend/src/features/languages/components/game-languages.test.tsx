import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { GameLanguages } from './game-languages';

describe('GameLanguages', () => {
  it('shows each platform, "Sin datos" where nothing is known, and the source on hover or tap', () => {
    render(
      <GameLanguages
        game={{
          platform: ['PC', 'PlayStation 5'],
          languages: [
            {
              platform: 'pc',
              locale: 'es-ES',
              text: true,
              audio: false,
              interface: null,
              subtitles: null,
              source: 'steam',
              asOf: '2024-10',
            },
          ],
        }}
      />,
    );
    const label = screen.getByRole('button', { name: 'Textos en castellano' });
    expect(label.getAttribute('title')).toBe('Fuente: Steam, 10-2024');
    expect(screen.queryByText('Fuente: Steam, 10-2024')).toBeNull();
    fireEvent.click(label);
    expect(screen.getByText('Fuente: Steam, 10-2024')).toBeTruthy();
    expect(screen.getAllByText('Sin datos')).toHaveLength(1);
    expect(screen.queryByText(/^no$/i)).toBeNull();
  });
});
