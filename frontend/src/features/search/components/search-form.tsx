import { useId, useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { preload } from 'swr';
import { swrFetcher } from '../../../lib/api-client';
import { apiPaths, routes } from '../../../lib/paths';

interface SearchFormProps {
  className?: string;
  onSearched?: () => void;
}

/** Starts the search call, then opens /results?name= (the results page picks up the same request). */
export function SearchForm({ className, onSearched }: SearchFormProps) {
  const [searchParams] = useSearchParams();
  const [term, setTerm] = useState(() => searchParams.get('name') ?? '');
  const navigate = useNavigate();
  const inputId = useId();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const trimmed = term.trim();
    if (!trimmed) return;
    void preload(apiPaths.games.search(trimmed), swrFetcher).catch(() => undefined);
    navigate(routes.results(trimmed));
    onSearched?.();
  };

  return (
    <form
      role="search"
      aria-label="Buscar juegos"
      className={`search-form ${className ?? ''}`}
      onSubmit={onSubmit}
    >
      <label className="visually-hidden" htmlFor={inputId}>
        Buscar juegos
      </label>
      <input
        id={inputId}
        className="search-form__input"
        type="search"
        name="name"
        placeholder="Buscar juegos..."
        autoComplete="off"
        enterKeyHint="search"
        value={term}
        onChange={(event) => setTerm(event.target.value)}
      />
      <button type="submit" className="search-form__submit">
        <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
          <circle cx="10.5" cy="10.5" r="6.5" fill="none" stroke="currentColor" strokeWidth="2.4" />
          <path d="M15.5 15.5L21 21" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" />
        </svg>
        <span className="visually-hidden">Buscar</span>
      </button>
    </form>
  );
}
