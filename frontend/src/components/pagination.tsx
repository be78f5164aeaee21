import { useId, useState, type FormEvent } from 'react';

interface PaginationProps {
  /** One-based. */
  page: number;
  totalPages: number;
  onPrevious: () => void;
  onNext: () => void;
  label?: string;
  /** With it, 'Primera' and 'Última' and a jump to any page (one-based) join Anterior/Siguiente. */
  onJump?: (page: number) => void;
}

export function Pagination({
  page,
  totalPages,
  onPrevious,
  onNext,
  label = 'Paginación',
  onJump,
}: PaginationProps) {
  const last = Math.max(totalPages, 1);
  return (
    <nav className="pagination" aria-label={label}>
      <div className="pagination__steps">
        {onJump ? (
          <button
            type="button"
            className="button"
            onClick={() => onJump(1)}
            disabled={page <= 1}
            aria-label="Primera página"
          >
            « Primera
          </button>
        ) : null}
        <button type="button" className="button" onClick={onPrevious} disabled={page <= 1}>
          Anterior
        </button>
        <span className="pagination__status" aria-live="polite">
          {page} / {last}
        </span>
        <button type="button" className="button" onClick={onNext} disabled={page >= totalPages}>
          Siguiente
        </button>
        {onJump ? (
          <button
            type="button"
            className="button"
            onClick={() => onJump(last)}
            disabled={page >= totalPages}
            aria-label="Última página"
          >
            Última »
          </button>
        ) : null}
      </div>
      {onJump && last > 1 ? <PageJump key={page} page={page} last={last} onJump={onJump} /> : null}
    </nav>
  );
}

/** 'Ir a la página': a number typed beyond the ends goes to the nearest end. */
function PageJump({ page, last, onJump }: { page: number; last: number; onJump: (page: number) => void }) {
  const fieldId = useId();
  const [value, setValue] = useState(String(page));
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const wanted = Number.parseInt(value, 10);
    if (!Number.isFinite(wanted)) return;
    const target = Math.min(Math.max(wanted, 1), last);
    setValue(String(target));
    if (target !== page) onJump(target);
  };
  return (
    <form className="pagination__jump" onSubmit={onSubmit} noValidate>
      <label htmlFor={fieldId}>Ir a la página</label>
      <input
        id={fieldId}
        type="number"
        inputMode="numeric"
        min={1}
        max={last}
        required
        value={value}
        onChange={(event) => setValue(event.target.value)}
      />
      <button type="submit" className="button">
        Ir
      </button>
    </form>
  );
}
