import { useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { SUGGESTION_MARK_LABELS } from '@veredicto/contract';
import { preload } from 'swr';
import { CoverImage } from '../../../components/cover-image';
import { apiPaths, routes } from '../../../lib/paths';
import type { GameSuggestion } from '../../../lib/types';
import { fetchSearchPage } from '../api/search-page';
import { useSuggestions } from '../api/use-suggestions';

interface SearchFormProps {
  className?: string;
  onSearched?: () => void;
}

const yearOf = (date: string | null) => date?.slice(0, 4) ?? '';

/** What tells two games of the same name apart: the year and up to three platforms. */
function suggestionDetails(game: GameSuggestion): string {
  const platforms = game.platform.slice(0, 3).join(', ') + (game.platform.length > 3 ? '…' : '');
  return [yearOf(game.releaseDate), platforms].filter(Boolean).join(' · ');
}

/**
 * The search box: suggestions while typing (the WAI-ARIA combobox pattern: arrows move through them,
 * Enter opens the chosen game, Escape closes the list), and Enter on the text opens /results?name=.
 */
export function SearchForm({ className, onSearched }: SearchFormProps) {
  const [searchParams] = useSearchParams();
  const [term, setTerm] = useState(() => searchParams.get('name') ?? '');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const navigate = useNavigate();
  const inputId = useId();
  const listId = useId();
  const suggestions = useSuggestions(term);
  const expanded = open && suggestions.length > 0;
  const optionId = (index: number) => `${listId}-opcion-${index}`;

  const close = () => {
    setOpen(false);
    setActive(-1);
  };

  const openGame = (game: GameSuggestion) => {
    close();
    navigate(routes.game(game));
    onSearched?.();
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (expanded && active >= 0 && suggestions[active]) {
      openGame(suggestions[active]);
      return;
    }
    const trimmed = term.trim();
    if (!trimmed) return;
    close();
    void preload(apiPaths.games.search(trimmed), fetchSearchPage).catch(() => undefined);
    navigate(routes.results(trimmed));
    onSearched?.();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (suggestions.length === 0) return;
      event.preventDefault();
      setOpen(true);
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((current) => {
        const next = current + step;
        if (next < -1) return suggestions.length - 1;
        return next >= suggestions.length ? -1 : next;
      });
    } else if (event.key === 'Escape' && expanded) {
      event.preventDefault();
      close();
    }
  };

  return (
    <div className={`search-box ${className ?? ''}`}>
      <form role="search" aria-label="Buscar juegos" className="search-form" onSubmit={onSubmit}>
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
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
          value={term}
          onChange={(event) => {
            setTerm(event.target.value);
            setOpen(true);
            setActive(-1);
          }}
          onFocus={() => setOpen(true)}
          onBlur={close}
          onKeyDown={onKeyDown}
        />
        <button type="submit" className="search-form__submit">
          <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
            <circle cx="10.5" cy="10.5" r="6.5" fill="none" stroke="currentColor" strokeWidth="2.4" />
            <path d="M15.5 15.5L21 21" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" />
          </svg>
          <span className="visually-hidden">Buscar</span>
        </button>
      </form>
      <ul
        id={listId}
        role="listbox"
        aria-label="Sugerencias"
        className="search-suggestions"
        hidden={!expanded}
      >
        {expanded
          ? suggestions.map((game, index) => (
              <li
                key={game.igdbID}
                id={optionId(index)}
                role="option"
                aria-selected={index === active}
                className={`search-suggestions__option${index === active ? ' is-active' : ''}`}
                // Chosen on mouse down, before the input's blur closes the list.
                onMouseDown={(event) => {
                  event.preventDefault();
                  openGame(game);
                }}
                onMouseEnter={() => setActive(index)}
              >
                <CoverImage
                  src={game.imageCover?.replace('/t_cover_big/', '/t_thumb/') ?? null}
                  alt=""
                  width={36}
                  height={48}
                  className="search-suggestions__cover"
                />
                <span className="search-suggestions__text">
                  <span className="search-suggestions__title">{game.title}</span>
                  <span className="search-suggestions__details">
                    {game.mark ? (
                      <span className="search-suggestions__mark">{SUGGESTION_MARK_LABELS[game.mark]}</span>
                    ) : null}
                    {suggestionDetails(game)}
                  </span>
                </span>
              </li>
            ))
          : null}
      </ul>
      <p className="visually-hidden" aria-live="polite">
        {expanded
          ? `${suggestions.length} ${suggestions.length === 1 ? 'sugerencia' : 'sugerencias'}; usa las flechas para elegir`
          : ''}
      </p>
    </div>
  );
}
