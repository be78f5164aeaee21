import { Link } from '../../../components/link';
import { routes } from '../../../lib/paths';
import { useBestOfRanks } from '../api/use-best-of-ranks';
import { platformLabel } from '../platforms';

/** How far down a best-of list a game still earns a mention on its page. */
const SHOWN_UP_TO = 100;

/** 'Nº 3 de 2023 en PlayStation 5': the game's best place in its year's lists, linked to the list. */
export function BestOfRankLink({ igdbID }: { igdbID: number }) {
  const { data } = useBestOfRanks(igdbID);
  const best = data?.[0];
  if (!best || best.rank > SHOWN_UP_TO) return null;
  const platform = best.platform ? platformLabel(best.platform) : null;
  return (
    <p className="best-of-rank">
      <Link
        to={best.platform ? routes.bestOfPlatform(best.year, best.platform) : routes.bestOfYear(best.year)}
        data-testid="best-of-rank"
      >
        Nº {best.rank} de {best.year}
        {platform ? ` en ${platform}` : ''}
      </Link>
    </p>
  );
}
