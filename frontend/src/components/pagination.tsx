interface PaginationProps {
  /** One-based. */
  page: number;
  totalPages: number;
  onPrevious: () => void;
  onNext: () => void;
  label?: string;
}

export function Pagination({ page, totalPages, onPrevious, onNext, label = 'Paginación' }: PaginationProps) {
  return (
    <nav className="pagination" aria-label={label}>
      <button type="button" className="button" onClick={onPrevious} disabled={page <= 1}>
        Anterior
      </button>
      <span className="pagination__status" aria-live="polite">
        {page} / {Math.max(totalPages, 1)}
      </span>
      <button type="button" className="button" onClick={onNext} disabled={page >= totalPages}>
        Siguiente
      </button>
    </nav>
  );
}
