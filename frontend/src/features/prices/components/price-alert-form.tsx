import { useState, type FormEvent } from 'react';
import useSWR from 'swr';
import type { GamePriceAlertBody } from '@veredicto/contract';
import { useAuthenticatedKey } from '../../auth';
import { apiFetch, ApiError } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';

/** '19,99' or '19.99' → 1999 cents; null when it is no price. */
export function parseEuros(text: string): number | null {
  const match = /^\s*(\d{1,6})(?:[.,](\d{1,2}))?\s*€?\s*$/.exec(text);
  if (!match) return null;
  const cents = Number(match[1]) * 100 + Number((match[2] ?? '0').padEnd(2, '0'));
  return cents > 0 ? cents : null;
}

/** 'Avísame si baja de … €': a threshold for this game, followed or not (signed in only). */
export function PriceAlertForm({ igdbID }: { igdbID: number }) {
  const key = useAuthenticatedKey(apiPaths.user.gamePriceAlert(igdbID));
  const { data, mutate } = useSWR<GamePriceAlertBody>(key);
  const [text, setText] = useState('');
  const [message, setMessage] = useState('');
  if (!key) return null;

  const save = async (priceBelow: number | null) => {
    try {
      await mutate(await apiFetch<GamePriceAlertBody>(key, { method: 'PUT', json: { priceBelow } }), {
        revalidate: false,
      });
      setMessage(
        priceBelow === null ? 'Aviso de precio quitado.' : 'Te avisaremos cuando baje de ese precio.',
      );
    } catch (error) {
      setMessage(error instanceof ApiError ? error.message : 'No se pudo guardar el aviso.');
    }
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const cents = parseEuros(text);
    if (cents === null) setMessage('Escribe un precio en euros, por ejemplo 19,99.');
    else void save(cents);
  };

  return (
    <form className="prices__alert" onSubmit={submit}>
      <label htmlFor={`price-alert-${igdbID}`}>Avísame si baja de</label>
      <span className="prices__nowrap">
        <input
          id={`price-alert-${igdbID}`}
          inputMode="decimal"
          size={8}
          value={text}
          placeholder={data?.priceBelow ? (data.priceBelow / 100).toFixed(2).replace('.', ',') : '19,99'}
          onChange={(event) => setText(event.target.value)}
        />{' '}
        €
      </span>
      <button type="submit">Guardar aviso</button>
      {data?.priceBelow ? (
        <button type="button" onClick={() => void save(null)}>
          Quitar aviso
        </button>
      ) : null}
      {message ? <p role="status">{message}</p> : null}
    </form>
  );
}
