import type { GameDetail } from '../../../lib/types';

const FACTS: { key: 'genres' | 'developers' | 'publishers'; label: string }[] = [
  { key: 'genres', label: 'Géneros' },
  { key: 'developers', label: 'Desarrolladora' },
  { key: 'publishers', label: 'Distribuidora' },
];

/** Genres (in Spanish), developer and publisher, as every review site's game page shows them. */
export function GameFacts({ game }: { game: Pick<GameDetail, 'genres' | 'developers' | 'publishers'> }) {
  const facts = FACTS.filter(({ key }) => (game[key] ?? []).length > 0);
  if (facts.length === 0) return null;
  return (
    <dl className="game-facts">
      {facts.map(({ key, label }) => (
        <div className="game-facts__row" key={key} data-fact={key}>
          <dt>{label}</dt>
          <dd>{game[key].join(', ')}</dd>
        </div>
      ))}
    </dl>
  );
}
