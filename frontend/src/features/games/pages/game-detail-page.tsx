import { useEffect, useState } from 'react';
import { useParams } from 'react-router-dom';
import { pageFeeds, pageTexts } from '@veredicto/contract';
import { NotFoundPage } from '../../../components/not-found-page';
import { CoverImage } from '../../../components/cover-image';
import { PlatformLogos } from '../../../components/platform-logos';
import { ScoreBar } from '../../../components/score-bar';
import { LoadError } from '../../../components/load-error';
import { Spinner } from '../../../components/spinner';
import { isApiError } from '../../../lib/api-client';
import { formatReleaseDate, normalizePlatforms } from '../../../lib/format';
import { routes } from '../../../lib/paths';
import { usePageMeta } from '../../../lib/use-page-meta';
import { useGame } from '../api/use-game';
import { usePlayerAverage } from '../api/use-player-average';
import { GameActions } from '../components/game-actions';
import { GameStatusBar, PlaySessionList } from '../../diary';
import { BestOfRankLink } from '../components/best-of-rank';
import { GameFacts } from '../components/game-facts';
import { GameReviews } from '../components/game-reviews';
import { GameScreenshots } from '../components/game-screenshots';
import { CriticFigures, PlayerFigures } from '../components/score-figures';
import { GameVideos } from '../components/game-videos';
import { SimilarGames } from '../components/similar-games';
import { GameLanguages, LanguageReportAction } from '../../languages';
import { GamePrices } from '../../prices';
import { TimeToBeatBlock } from '../components/time-to-beat-block';
import './games.css';

export const SCORE_HIGHLIGHT_MS = 2000;

function countLabel(count: number | null | undefined, one: string, many: string): string {
  const value = count ?? 0;
  return `${value} ${value === 1 ? one : many}`;
}

export function GameDetailPage() {
  const { igdbID } = useParams();
  const { data: game, error, mutate: refreshGame } = useGame(igdbID);
  const { data: playerAverage, mutate: refreshPlayerAverage } = usePlayerAverage(igdbID);
  const [highlighted, setHighlighted] = useState(false);
  // The count the caller's rating answered with: the game's stored figures follow once the worker stores them.
  const [ratedCount, setRatedCount] = useState<{ igdbID: number; count: number } | null>(null);
  const [includeUnusual, setIncludeUnusual] = useState(false);

  useEffect(() => {
    if (!highlighted) return;
    const timer = window.setTimeout(() => setHighlighted(false), SCORE_HIGHLIGHT_MS);
    return () => window.clearTimeout(timer);
  }, [highlighted]);

  usePageMeta({
    // As the server's head (page-meta.service.ts): an English synopsis is not a Spanish page's description.
    ...(game
      ? pageTexts.game({ title: game.title, summary: game.summaryLanguage !== 'en' ? game.summary : null })
      : { title: null, description: null }),
    canonicalPath: game ? routes.game(game) : undefined,
    feeds: game ? [pageFeeds.gameReviews(game)] : undefined,
  });

  if (isApiError(error, 404) || isApiError(error, 400)) return <NotFoundPage />;
  if (!game) {
    return (
      <div className="page game-detail game-detail--loading" aria-busy="true">
        {error ? <LoadError message="No se ha podido cargar el juego." onRetry={refreshGame} /> : <Spinner />}
      </div>
    );
  }

  const withUnusual =
    includeUnusual && (game.playerStats?.unusual ?? []).some((window) => window.excluded > 0);
  const playerScore = withUnusual
    ? (game.playerStats?.averageWithUnusual ?? null)
    : playerAverage !== undefined
      ? playerAverage
      : game.avUserRatings;
  const onRated = (figures?: { userRatingCount: number }) => {
    setRatedCount(figures ? { igdbID: game.igdbID, count: figures.userRatingCount } : null);
    setHighlighted(true);
    void refreshPlayerAverage();
    void refreshGame();
  };

  return (
    <article className="page game-detail">
      <div className="game-detail__hero">
        {game.imageArt ? (
          <img
            className="game-detail__art"
            src={game.imageArt}
            alt=""
            width={1280}
            height={720}
            fetchPriority="high"
            decoding="async"
          />
        ) : null}
        <CoverImage
          className="game-detail__cover"
          src={game.imageCover}
          alt={`Portada de ${game.title}`}
          width={264}
          height={352}
          loading="eager"
        />
        <div className="game-detail__info">
          <h1 className="game-detail__title">{game.title}</h1>
          {game.titleEs ? (
            <p className="game-detail__title-es" lang="es">
              En España: {game.titleEs}
            </p>
          ) : null}
          <div className="game-detail__meta">
            <PlatformLogos platforms={game.platform} />
            {game.releaseDate ? (
              <span>
                Lanzamiento:{' '}
                <time dateTime={game.releaseDate}>
                  {formatReleaseDate(game.releaseDate, game.releaseDatePrecision)}
                </time>
              </span>
            ) : null}
          </div>
          <div className="game-detail__scores">
            <ScoreBar
              label="Medios"
              score={game.avRatings}
              caption={countLabel(game.criticReviewCount, 'medio', 'medios')}
            />
            {game.spanishPress ? (
              <ScoreBar
                label="Prensa en español"
                score={game.spanishPress.average}
                caption={countLabel(game.spanishPress.count, 'medio', 'medios')}
              />
            ) : null}
            <ScoreBar
              label="Jugadores"
              score={playerScore}
              highlighted={highlighted}
              caption={countLabel(
                ratedCount?.igdbID === game.igdbID ? ratedCount.count : game.userRatingCount,
                'puntuación',
                'puntuaciones',
              )}
            />
          </div>
          <BestOfRankLink igdbID={game.igdbID} />
          <GameActions game={game} onRated={onRated} />
          <GameStatusBar game={game} />
          <PlaySessionList game={game} />
          {game.summary ? (
            <div className="game-detail__summary">
              {game.summaryLanguage === 'en' ? (
                <p className="game-detail__summary-label">Sinopsis en inglés</p>
              ) : null}
              <p lang={game.summaryLanguage === 'en' ? 'en' : 'es'}>{game.summary}</p>
            </div>
          ) : null}
          <GameFacts game={game} />
        </div>
      </div>

      {game.criticStats && game.playerStats ? (
        <section className="game-detail__section" aria-labelledby="figures-title">
          <h2 id="figures-title" className="section-title">
            LAS NOTAS
          </h2>
          <div className="game-detail__figures">
            <CriticFigures critic={game.criticStats} />
            <PlayerFigures
              player={game.playerStats}
              igdbID={game.igdbID}
              includeUnusual={includeUnusual}
              onIncludeUnusualChange={setIncludeUnusual}
            />
          </div>
        </section>
      ) : null}

      <TimeToBeatBlock game={game} />
      <GamePrices igdbID={game.igdbID} steamSpanish={game.steamSpanish} />

      <section className="game-detail__section" aria-labelledby="languages-title">
        <h2 id="languages-title" className="section-title">
          IDIOMAS
        </h2>
        <GameLanguages game={game} />
        <LanguageReportAction igdbID={game.igdbID} platforms={normalizePlatforms(game.platform)} />
      </section>

      <section className="game-detail__section" aria-labelledby="reviews-title">
        <h2 id="reviews-title" className="section-title">
          CRÍTICAS
        </h2>
        <GameReviews igdbID={String(game.igdbID)} gameTitle={game.title} />
      </section>

      <section className="game-detail__section" aria-labelledby="similar-title">
        <h2 id="similar-title" className="section-title">
          JUEGOS SIMILARES
        </h2>
        <SimilarGames igdbID={game.igdbID} />
      </section>

      <section className="game-detail__section" aria-labelledby="videos-title">
        <h2 id="videos-title" className="section-title">
          VIDEOS
        </h2>
        <GameVideos videos={game.videos} />
      </section>

      <section className="game-detail__section" aria-labelledby="images-title">
        <h2 id="images-title" className="section-title">
          IMÁGENES
        </h2>
        <GameScreenshots
          title={game.title}
          screenshots={game.screenshots}
          bigScreenshots={game.bigScreenshots}
        />
      </section>
    </article>
  );
}
