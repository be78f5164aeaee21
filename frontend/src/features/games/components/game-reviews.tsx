import { useMemo, useState } from 'react';
import { pageFeeds, SCORE_BANDS } from '@veredicto/contract';
import { FeedLink } from '../../../components/feed-link';
import { SelectField } from '../../../components/select-field';
import { Tabs } from '../../../components/tabs';
import type { MediaReview } from '../../../lib/types';
import type { UserReviewSort } from '../../../lib/types';
import { useGameUserReviews } from '../api/use-game-user-reviews';
import { useMediaReviews } from '../api/use-media-reviews';
import {
  filterMediaReviewGroups,
  groupMediaReviews,
  reviewedPlatforms,
  type ScoreBandFilter,
} from '../media-review-groups';
import { MediaReviewCard } from './media-review-card';
import { UserReviewCard } from './user-review-card';

const NO_REVIEWS: MediaReview[] = [];
/** Cards shown at first; the rest on demand, a page at a time. */
export const MEDIA_REVIEWS_PAGE = 12;

const BAND_OPTIONS: { value: ScoreBandFilter; label: string }[] = [
  { value: 'high', label: `Altas (${SCORE_BANDS.high} o más)` },
  { value: 'medium', label: `Intermedias (${SCORE_BANDS.medium}-${SCORE_BANDS.high - 1})` },
  { value: 'low', label: `Bajas (menos de ${SCORE_BANDS.medium})` },
];

function MediaReviews({ igdbID }: { igdbID: string }) {
  const { data, isLoading } = useMediaReviews(igdbID);
  const groups = useMemo(() => groupMediaReviews(data ?? NO_REVIEWS), [data]);
  const platforms = useMemo(() => reviewedPlatforms(groups), [groups]);
  const [limit, setLimit] = useState(MEDIA_REVIEWS_PAGE);
  const [spanishPress, setSpanishPress] = useState(false);
  const [platform, setPlatform] = useState('');
  const [band, setBand] = useState<ScoreBandFilter | ''>('');
  if (isLoading) return <p className="muted">Cargando críticas...</p>;
  if (groups.length === 0) return <p className="empty-state">No hay críticas de medios disponibles.</p>;
  const shown = filterMediaReviewGroups(groups, {
    spanishPress,
    platform: platform || undefined,
    band: band || undefined,
  });
  const rest = shown.length - limit;
  return (
    <>
      <div className="review-filters" role="group" aria-label="Filtrar críticas de medios">
        <button
          type="button"
          className="chip"
          aria-pressed={spanishPress}
          onClick={() => setSpanishPress((current) => !current)}
        >
          Prensa en español
        </button>
        {platforms.length > 1 ? (
          <SelectField
            inline
            label="Plataforma"
            anyLabel="Todas"
            value={platform}
            options={platforms.map((name) => ({ value: name, label: name }))}
            onValueChange={setPlatform}
          />
        ) : null}
        <SelectField
          inline
          label="Nota"
          anyLabel="Todas"
          value={band}
          options={BAND_OPTIONS}
          onValueChange={(value) => setBand(value as ScoreBandFilter | '')}
        />
        <p className="muted review-filters__count" aria-live="polite">
          {shown.length === groups.length
            ? `${groups.length} ${groups.length === 1 ? 'medio' : 'medios'}`
            : `${shown.length} de ${groups.length} medios`}
        </p>
      </div>
      {shown.length === 0 ? <p className="empty-state">Ningún medio coincide con estos filtros.</p> : null}
      <ul className="review-list">
        {shown.slice(0, limit).map((group) => (
          <li key={group.key}>
            <MediaReviewCard group={group} />
          </li>
        ))}
      </ul>
      {rest > 0 ? (
        <button
          type="button"
          className="button button--ghost review-list__more"
          onClick={() => setLimit((current) => current + MEDIA_REVIEWS_PAGE)}
        >
          Ver más críticas ({rest} más)
        </button>
      ) : null}
    </>
  );
}

function UserReviews({ igdbID, gameTitle }: { igdbID: string; gameTitle: string }) {
  const [sort, setSort] = useState<UserReviewSort>('helpful');
  const { data, isLoading } = useGameUserReviews(igdbID, sort);
  if (isLoading) return <p className="muted">Cargando críticas...</p>;
  if (!data || data.length === 0)
    return <p className="empty-state">No hay críticas de usuarios disponibles.</p>;
  return (
    <>
      <label className="field field--inline review-list__sort">
        Ordenar:
        <select value={sort} onChange={(event) => setSort(event.target.value as UserReviewSort)}>
          <option value="helpful">Más útiles</option>
          <option value="recent">Más recientes</option>
        </select>
      </label>
      <ul className="review-list">
        {data.map((review) => (
          <li key={review.id}>
            <UserReviewCard review={review} gameTitle={gameTitle} />
          </li>
        ))}
      </ul>
    </>
  );
}

export function GameReviews({ igdbID, gameTitle }: { igdbID: string; gameTitle: string }) {
  return (
    <>
      <Tabs
        label="Críticas"
        tabs={[
          { id: 'media', label: 'Críticas de medios', content: <MediaReviews igdbID={igdbID} /> },
          {
            id: 'users',
            label: 'Críticas de usuarios',
            content: <UserReviews igdbID={igdbID} gameTitle={gameTitle} />,
          },
        ]}
      />
      <FeedLink feed={pageFeeds.gameReviews({ igdbID: Number(igdbID), title: gameTitle })} />
    </>
  );
}
