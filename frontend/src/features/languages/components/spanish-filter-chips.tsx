/** The API's `spanish` filter: only games with castellano voices, or with castellano texts. */
export type SpanishFilter = 'audio' | 'text';

export const SPANISH_FILTERS: { value: SpanishFilter; label: string }[] = [
  { value: 'audio', label: 'Con voces en castellano' },
  { value: 'text', label: 'Con textos en castellano' },
];

/** The filter an address asks for (`?spanish=`), none for a missing or unknown value. */
export const readSpanishFilter = (value: string | null): SpanishFilter | undefined =>
  SPANISH_FILTERS.find((option) => option.value === value)?.value;

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
        <li key={option.value}>
          <button
            type="button"
            className="chip"
            aria-pressed={value === option.value}
            onClick={() => onChange(option.value)}
          >
            {option.label}
          </button>
        </li>
      ))}
    </ul>
  );
}
