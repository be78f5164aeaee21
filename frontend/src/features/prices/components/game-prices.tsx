import { lazy, Suspense } from 'react';
import {
  formatEuros,
  platformName,
  PRICE_STORE_NAMES,
  type GamePricesBody,
  type PriceOfferBody,
  type SteamSpanishBody,
} from '@veredicto/contract';
import { formatDate } from '../../../lib/format';
import { useGamePrices } from '../api/use-game-prices';
import { usePriceHistory } from '../api/use-price-history';
import { PriceAlertForm } from './price-alert-form';
import '../prices.css';

const PriceHistoryChart = lazy(async () => ({
  default: (await import('./price-history-chart')).PriceHistoryChart,
}));

/** One store and platform: the price the Spanish way, the discount with its 30-day low, source and date. */
function OfferLine({ offer }: { offer: PriceOfferBody }) {
  const store = PRICE_STORE_NAMES[offer.store];
  return (
    <li className="prices__offer" data-testid={`price-${offer.store}-${offer.platform}`}>
      <span className="prices__where">
        {store} · {platformName(offer.platform) ?? offer.platform}
      </span>
      <span className="prices__price">
        {offer.discountPct > 0 ? (
          <>
            <s className="prices__regular">{formatEuros(offer.regular)}</s>{' '}
            <strong>{formatEuros(offer.final)}</strong>{' '}
            <span className="prices__discount">-{offer.discountPct} %</span>
          </>
        ) : (
          <strong>{formatEuros(offer.final)}</strong>
        )}
      </span>
      {offer.discountPct > 0 ? (
        // EU Omnibus rule: beside every discount, the lowest price of the 30 days before it (docs/PRICES.md).
        <span className="prices__omnibus">
          Precio más bajo en 30 días:{' '}
          {offer.lowest30d === null ? 'la tienda no lo indica' : formatEuros(offer.lowest30d)}
        </span>
      ) : null}
      {offer.endsAt ? <span className="prices__ends">Oferta hasta el {formatDate(offer.endsAt)}</span> : null}
      <span className="prices__source">
        Fuente:{' '}
        <a href={offer.url} rel="noopener noreferrer nofollow" target="_blank">
          {store}
        </a>
        , {formatDate(offer.asOf)}
      </span>
    </li>
  );
}

/**
 * 'Incluido en Game Pass desde el 01-11-2026' and, once the service lists it as leaving soon, 'Sale pronto'
 * with the day we first saw that (the service gives no date of its own, docs/PRICES.md).
 */
function Subscriptions({ subscriptions }: Pick<GamePricesBody, 'subscriptions'>) {
  if (subscriptions.length === 0) return null;
  return (
    <ul className="prices__subscriptions" aria-label="Suscripciones">
      {subscriptions.map((subscription) => (
        <li key={subscription.service} data-testid="subscription">
          Incluido en {subscription.service} desde el {formatDate(subscription.since)}
          {subscription.leaving ? (
            <span className="prices__leaving">
              {' · '}
              <strong>Sale pronto</strong> (anunciado el {formatDate(subscription.leaving)})
            </span>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

function PriceHistory({ igdbID }: { igdbID: number }) {
  const { data } = usePriceHistory(igdbID);
  if (!data || data.length < 2) return null;
  return (
    <Suspense fallback={<div className="prices__chart" aria-hidden="true" />}>
      <PriceHistoryChart points={data} />
    </Suspense>
  );
}

/**
 * '¿Dónde y por cuánto?' (docs/CONTRACT.md §20): one line per store and platform from the prices we
 * polled, the historic low of our snapshots and its chart, and the subscriptions that include the game.
 * Authorised stores only, linked without affiliate codes.
 */
export function GamePrices({
  igdbID,
  steamSpanish,
}: {
  igdbID: number;
  /** The game page's Steam reviews in Spanish; null or absent hides the line. */
  steamSpanish?: SteamSpanishBody | null;
}) {
  const { data, error } = useGamePrices(igdbID);
  return (
    <section className="game-detail__section prices" aria-labelledby="prices-title">
      <h2 id="prices-title" className="section-title">
        ¿DÓNDE Y POR CUÁNTO?
      </h2>
      {error ? <p className="empty-state">No se pudieron cargar los precios.</p> : null}
      {data && data.offers.length === 0 && data.subscriptions.length === 0 ? (
        <p className="empty-state">Sin datos de precio</p>
      ) : null}
      {data && data.offers.length > 0 ? (
        <ul className="prices__offers" aria-label="Precios por tienda">
          {data.offers.map((offer) => (
            <OfferLine key={`${offer.store}-${offer.platform}`} offer={offer} />
          ))}
        </ul>
      ) : null}
      {data ? <Subscriptions subscriptions={data.subscriptions} /> : null}
      {data?.historicLow ? (
        <p className="prices__historic-low">
          Mínimo histórico: {formatEuros(data.historicLow.final)} en{' '}
          {PRICE_STORE_NAMES[data.historicLow.store]}{' '}
          <span className="prices__nowrap">({formatDate(data.historicLow.at)})</span>
        </p>
      ) : null}
      {data?.historicLow ? <PriceHistory igdbID={igdbID} /> : null}
      {steamSpanish ? (
        // What Spanish-speaking Steam players think: reviews in `spanish` and `latam` (docs/CONTRACT.md §20).
        <p className="prices__steam-spanish" data-testid="steam-spanish">
          En Steam, en español: {steamSpanish.label}
        </p>
      ) : null}
      <PriceAlertForm igdbID={igdbID} />
    </section>
  );
}
