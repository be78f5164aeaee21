import { useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';
import { pageTexts } from '@veredicto/contract';
import { GameGrid } from '../../../components/game-grid';
import { Spinner } from '../../../components/spinner';
import { usePageMeta } from '../../../lib/use-page-meta';
import { useSearchGames } from '../api/use-search-games';

/** /results?name= : loading, results, or the empty state (a failed search also shows the empty state). */
export function SearchResultsPage() {
  const [searchParams] = useSearchParams();
  const term = (searchParams.get('name') ?? '').trim();
  const { data, error, isLoading } = useSearchGames(term);
  usePageMeta(pageTexts.search(term));
  useEffect(() => {
    if (error) console.error('Error en la búsqueda', error);
  }, [error]);

  const games = error ? [] : (data ?? []);
  return (
    <div className="page results">
      <h1 className="page-title">RESULTADOS</h1>
      {isLoading ? (
        <Spinner label="Buscando..." />
      ) : games.length > 0 ? (
        <GameGrid games={games} label={`Resultados para ${term}`} />
      ) : (
        <p className="empty-state">
          Lo sentimos, no hemos encontrado ningún resultado para: &quot;{term}&quot;
        </p>
      )}
    </div>
  );
}
