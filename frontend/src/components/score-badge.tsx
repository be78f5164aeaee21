import { formatScore, scoreClass } from '../lib/format';

interface ScoreBadgeProps {
  score: number | string | null | undefined;
  /** Read by screen readers before the score, e.g. 'Crítica'. */
  label?: string;
  size?: 'small' | 'large';
  className?: string;
}

/** A 0-100 score in its colour: high ≥ 85, medium ≥ 50, low > 0; 'S/P' when missing or zero. */
export function ScoreBadge({ score, label, size = 'small', className }: ScoreBadgeProps) {
  return (
    <span
      className={`score-badge score-badge--${size} score--${scoreClass(score)} ${className ?? ''}`.trim()}
      data-score-class={scoreClass(score)}
    >
      {label ? <span className="visually-hidden">{label}: </span> : null}
      {formatScore(score)}
    </span>
  );
}
