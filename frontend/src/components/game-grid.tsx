import type { GameSummary } from '../lib/types';
import { useProgressiveList } from '../lib/use-progressive-list';
import { GameCard } from './game-card';

interface GameGridProps {
  games: GameSummary[];
  label?: string;
  /**
   * Every card in the first render, not the first ten then the rest: on a return through the history
   * (Back), so that the scroll position restored right after the render finds the page at its full height.
   */
  whole?: boolean;
}

/** Cards in rows of 5, one per row at 444.98 px or narrower (see .game-grid in global.css). */
export function GameGrid({ games, label, whole = false }: GameGridProps) {
  const progressive = useProgressiveList(games, 10);
  const shown = whole ? games : progressive;
  return (
    <ul className="game-grid" aria-label={label}>
      {shown.map((game, index) => (
        <li key={game.igdbID}>
          <GameCard game={game} eagerImage={index < 5} />
        </li>
      ))}
    </ul>
  );
}
