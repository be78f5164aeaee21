import type { GameSummary } from '../lib/types';
import { useProgressiveList } from '../lib/use-progressive-list';
import { GameCard } from './game-card';

/** Cards in rows of 5, one per row at 444.98 px or narrower (see .game-grid in global.css). */
export function GameGrid({ games, label }: { games: GameSummary[]; label?: string }) {
  const shown = useProgressiveList(games, 10);
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
