import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ScoreBadge } from './score-badge';

describe('ScoreBadge', () => {
  it('shows the score with its colour class', () => {
    render(<ScoreBadge score={91} />);
    const badge = screen.getByText('91');
    expect(badge.className).toContain('score--high');
  });

  it('shows S/P with the null class for a zero or missing score', () => {
    const { container } = render(
      <>
        <ScoreBadge score={0} />
        <ScoreBadge score={null} />
      </>,
    );
    const badges = container.querySelectorAll('.score-badge');
    expect(Array.from(badges, (badge) => badge.textContent)).toEqual(['S/P', 'S/P']);
    badges.forEach((badge) => expect(badge.className).toContain('score--null'));
  });

  it('uses the medium and low classes', () => {
    render(
      <>
        <ScoreBadge score={50} />
        <ScoreBadge score={12} />
      </>,
    );
    expect(screen.getByText('50').className).toContain('score--medium');
    expect(screen.getByText('12').className).toContain('score--low');
  });

  it('prefixes a label for screen readers', () => {
    render(<ScoreBadge score={70} label="Crítica" />);
    expect(screen.getByText('Crítica:', { exact: false })).toBeTruthy();
  });
});
