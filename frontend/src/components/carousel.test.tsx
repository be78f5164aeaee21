import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AUTO_ADVANCE_MS, Carousel, slidePosition } from './carousel';

describe('slidePosition', () => {
  it('marks the active card, its wrapped neighbours and hides the rest', () => {
    expect([0, 1, 2, 3, 4].map((index) => slidePosition(index, 0, 5))).toEqual([
      'active',
      'next',
      'hidden',
      'hidden',
      'prev',
    ]);
    expect(slidePosition(0, 4, 5)).toBe('next');
    expect([0, 1].map((index) => slidePosition(index, 1, 2))).toEqual(['next', 'active']);
  });
});

function stubSmallScreen() {
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({
      matches: query.includes('max-width'),
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    })),
  );
}

const activeText = () => document.querySelector('[data-position="active"]')?.textContent;

describe('Carousel on small screens', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('moves with the buttons and wraps around', () => {
    stubSmallScreen();
    render(
      <Carousel
        label="Mejores"
        items={['A', 'B', 'C']}
        getKey={(item) => item}
        renderItem={(item) => item}
      />,
    );
    expect(activeText()).toBe('A');
    fireEvent.click(screen.getByRole('button', { name: 'Retroceder' }));
    expect(activeText()).toBe('C');
    fireEvent.click(screen.getByRole('button', { name: 'Avanzar' }));
    fireEvent.click(screen.getByRole('button', { name: 'Avanzar' }));
    expect(activeText()).toBe('B');
  });

  it('advances every 3 seconds and pauses while touched', () => {
    vi.useFakeTimers();
    stubSmallScreen();
    render(
      <Carousel
        label="Mejores"
        items={['A', 'B', 'C']}
        getKey={(item) => item}
        renderItem={(item) => item}
      />,
    );
    act(() => {
      vi.advanceTimersByTime(AUTO_ADVANCE_MS);
    });
    expect(activeText()).toBe('B');
    const region = screen.getByRole('region', { name: 'Mejores' });
    fireEvent.touchStart(region, { touches: [{ clientX: 200 }] });
    act(() => {
      vi.advanceTimersByTime(AUTO_ADVANCE_MS * 2);
    });
    expect(activeText()).toBe('B');
    // A swipe to the left of more than 50 px goes to the next card.
    fireEvent.touchEnd(region, { changedTouches: [{ clientX: 120 }] });
    expect(activeText()).toBe('C');
  });
});
