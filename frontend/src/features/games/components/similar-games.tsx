import { SUGGESTION_MARK_LABELS } from '@veredicto/contract';
import { GameCard } from '../../../components/game-card';
import { useSimilarGames } from '../api/use-similar-games';

/**
 * 'Juegos similares': cards with the reason each one is here, an add-on (always after the base games) or a
 * later release marked as the search's suggestions are; a calm line while none is computed.
 */
export function SimilarGames({ igdbID }: { igdbID: number }) {
  const { data, error } = useSimilarGames(igdbID);
  if (error) return <p className="empty-state">No se pudieron cargar los juegos similares.</p>;
  if (!data) return null;
  if (data.length === 0) {
    return <p className="empty-state">Aún no hemos calculado los juegos parecidos a este.</p>;
  }
  return (
    <ul className="game-grid similar-games" aria-label="Juegos similares">
      {data.map((game) => (
        <li key={game.igdbID} className="similar-games__item">
          <GameCard game={game} />
          <p className="similar-games__reason">
            {game.mark ? (
              <span className="similar-games__mark">{SUGGESTION_MARK_LABELS[game.mark]}</span>
            ) : null}
            {game.reason}
          </p>
        </li>
      ))}
    </ul>
  );
}
