import { SPANISH_FILTER_LABELS, SPANISH_FILTERS, type SpanishFilter } from '@veredicto/contract';
/** The filter an address asks for (`?spanish=`), none for a missing or unknown value. */
export const readSpanishFilter = (value: string | null): SpanishFilter | undefined =>
  SPANISH_FILTERS.find((option) => option === value);

/** The chips 'Con voces en castellano' / 'Con textos en castellano' of the catalogue and the search. */
export function SpanishFilterChips({
  value,
  onChange,
}: {
  value: SpanishFilter | undefined;
  onChange: (value: SpanishFilter) => void;
}) {
  return (
    <ul className="chip-list" aria-label="Idioma">
      {SPANISH_FILTERS.map((option) => (
        <li key={option}>
          <button
            type="button"
            className="chip"
            aria-pressed={value === option}
            onClick={() => onChange(option)}
          >
            {SPANISH_FILTER_LABELS[option]}
          </button>
        </li>
      ))}
    </ul>
  );
}
