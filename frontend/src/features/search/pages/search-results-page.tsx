import { useEffect } from 'react';
import { useNavigationType, useSearchParams } from 'react-router-dom';
import { Link } from '../../../components/link';
import { pageTexts } from '@veredicto/contract';
import { GameGrid } from '../../../components/game-grid';
import { LoadError } from '../../../components/load-error';
import { Spinner } from '../../../components/spinner';
import { routes } from '../../../lib/paths';
import { usePageMeta } from '../../../lib/use-page-meta';
import type { SpanishFilter } from '@veredicto/contract';
import { readSpanishFilter, SpanishFilterChips } from '../../languages';
import { useSearchGames } from '../api/use-search-games';

const countText = (total: number) =>
  total === 1 ? '1 resultado' : `${total.toLocaleString('es-ES')} resultados`;

/**
 * /results?name=[&spanish=audio|text] : the chips 'Con voces/textos en castellano', the term and the number of results under RESULTADOS, the results with more on demand,
 * or the empty state with '¿Quizás buscabas…?'. A failed search says so, with 'Reintentar' (it is not an
 * answer that the game does not exist), and an empty term asks for one.
 */
export function SearchResultsPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const navigationType = useNavigationType();
  const term = (searchParams.get('name') ?? '').trim();
  const spanish = readSpanishFilter(searchParams.get('spanish'));
  const search = useSearchGames(term, spanish);
  const onSpanishChange = (value: SpanishFilter) => {
    const params = new URLSearchParams(searchParams);
    if (spanish === value) params.delete('spanish');
    else params.set('spanish', value);
    setSearchParams(params);
  };
  usePageMeta(pageTexts.search(term));
  useEffect(() => {
    if (search.error) console.error('Error en la búsqueda', search.error);
  }, [search.error]);

  const games = search.games;
  return (
    <div className="page results">
      <h1 className="page-title">RESULTADOS</h1>
      {term ? <SpanishFilterChips value={spanish} onChange={onSpanishChange} /> : null}
      {!term ? (
        <p className="empty-state">Escribe el nombre de un juego en el buscador para ver resultados.</p>
      ) : search.error && games.length === 0 ? (
        <LoadError
          message={`No se ha podido completar la búsqueda de «${term}».`}
          onRetry={search.retry}
          error={search.error}
        />
      ) : search.isLoading ? (
        <Spinner label="Buscando..." />
      ) : games.length > 0 ? (
        <>
          <p className="results__summary" aria-live="polite">
            {countText(search.total)} para «{term}»
          </p>
          <GameGrid games={games} label={`Resultados para ${term}`} whole={navigationType === 'POP'} />
          {search.hasMore ? (
            <div className="results__more">
              <button
                type="button"
                className="button button--secondary"
                onClick={search.loadMore}
                disabled={search.isLoadingMore}
              >
                {search.isLoadingMore ? 'Cargando...' : 'Ver más resultados'}
              </button>
            </div>
          ) : null}
        </>
      ) : (
        <div className="results__empty">
          <p className="empty-state">
            Lo sentimos, no hemos encontrado ningún resultado para: &quot;{term}&quot;
          </p>
          {search.didYouMean ? (
            <p className="results__did-you-mean">
              ¿Quizás buscabas <Link to={routes.results(search.didYouMean)}>{search.didYouMean}</Link>?
            </p>
          ) : null}
        </div>
      )}
    </div>
  );
}
