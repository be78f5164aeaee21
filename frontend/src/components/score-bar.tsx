import { scoreClass, toScore } from '../lib/format';
import { ScoreBadge } from './score-badge';

interface ScoreBarProps {
  label: string;
  score: number | string | null | undefined;
  highlighted?: boolean;
  caption?: string;
}

/** A labelled score with a health bar filled to the score, in its colour class. */
export function ScoreBar({ label, score, highlighted = false, caption }: ScoreBarProps) {
  const value = Math.max(0, Math.min(100, toScore(score) ?? 0));
  return (
    <div className={`score-bar score--${scoreClass(score)} ${highlighted ? 'is-highlighted' : ''}`.trim()}>
      <div className="score-bar__head">
        <span className="score-bar__label">{label}</span>
        <ScoreBadge score={score} />
      </div>
      <div className="health-bar" aria-hidden="true">
        <div className="health-bar__fill" style={{ width: `${value}%` }} />
      </div>
      {caption ? <span className="score-bar__caption">{caption}</span> : null}
    </div>
  );
}
