import type { GameSummary } from '../lib/types';
import { GameCard } from './game-card';

/** Cards in rows of 5, one per row at 444.98 px or narrower (see .game-grid in global.css). */
export function GameGrid({ games, label }: { games: GameSummary[]; label?: string }) {
  return (
    <ul className="game-grid" aria-label={label}>
      {games.map((game, index) => (
        <li key={game.igdbID}>
          <GameCard game={game} eagerImage={index < 5} />
        </li>
      ))}
    </ul>
  );
}
