import { useId, useState, type ReactNode } from 'react';

interface FigureHintProps {
  /** The figure's name as shown ('Mediana'). */
  term: string;
  children: ReactNode;
  /** One line of Spanish saying what the figure means. */
  hint: string;
}

/**
 * A figure with its one-line explanation: shown on hover or keyboard focus, and on tap (the button
 * toggles it), and always read by screen readers through aria-describedby.
 */
export function FigureHint({ term, children, hint }: FigureHintProps) {
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <div className={`figure ${open ? 'is-open' : ''}`.trim()}>
      <dt className="figure__term">
        {term}
        <button
          type="button"
          className="figure__toggle"
          aria-expanded={open}
          aria-controls={id}
          aria-label={`Qué significa ${term}`}
          onClick={() => setOpen((value) => !value)}
        >
          ?
        </button>
      </dt>
      <dd className="figure__value" aria-describedby={id}>
        {children}
      </dd>
      <dd className="figure__hint" id={id}>
        {hint}
      </dd>
    </div>
  );
}
