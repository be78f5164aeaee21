import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Link } from '../../../components/link';
import { pageTexts } from '@veredicto/contract';
import { Pagination } from '../../../components/pagination';
import { Spinner } from '../../../components/spinner';
import { routes } from '../../../lib/paths';
import { usePageMeta } from '../../../lib/use-page-meta';
import { useOutlets } from '../api/use-outlets';
import { countryName, decimal, languageName, signedPoints } from '../outlet-text';
import '../components/outlets.css';

/** The countries and languages of the registry's outlets, offered as filters. */
const COUNTRIES = [
  'ES',
  'MX',
  'AR',
  'CL',
  'CO',
  'US',
  'GB',
  'CA',
  'AU',
  'DE',
  'FR',
  'IT',
  'PT',
  'BR',
  'NL',
  'PL',
  'SE',
  'JP',
];
const LANGUAGES = ['es', 'en', 'de', 'fr', 'it', 'pt', 'nl', 'pl', 'sv', 'ja'];

/** /medios: every outlet with reviews, searchable by name and filtered by country and language. */
export function OutletsPage() {
  usePageMeta({ ...pageTexts.outlets(), canonicalPath: routes.outlets() });
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const country = params.get('country') ?? '';
  const language = params.get('language') ?? '';
  const page = Math.max(0, Number.parseInt(params.get('page') ?? '0', 10) || 0);
  const [text, setText] = useState(q);
  const { data, error, isLoading } = useOutlets({ q, country, language, page });

  const update = (changes: Record<string, string>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    if (!('page' in changes)) next.delete('page');
    setParams(next);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    update({ q: text.trim() });
  };

  return (
    <div className="page outlets-page">
      <h1 className="page-title">Medios</h1>
      <p className="outlets-page__intro">
        Cada medio con sus críticas, su nota media y cuánto se aparta del consenso: la diferencia media entre
        su nota y la de los demás medios en los mismos juegos.
      </p>
      <form className="outlets-filters" role="search" onSubmit={submit}>
        <label>
          <span>Nombre</span>
          <input
            type="search"
            value={text}
            onChange={(event) => setText(event.target.value)}
            maxLength={100}
          />
        </label>
        <label>
          <span>País</span>
          <select value={country} onChange={(event) => update({ country: event.target.value })}>
            <option value="">Todos</option>
            {COUNTRIES.map((code) => (
              <option key={code} value={code}>
                {countryName(code)}
              </option>
            ))}
          </select>
        </label>
        <label>
          <span>Idioma</span>
          <select value={language} onChange={(event) => update({ language: event.target.value })}>
            <option value="">Todos</option>
            {LANGUAGES.map((code) => (
              <option key={code} value={code}>
                {languageName(code)}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="button button--primary">
          Buscar
        </button>
      </form>
      {error ? <p role="alert">No se han podido cargar los medios.</p> : null}
      {isLoading && !data ? <Spinner /> : null}
      {data ? (
        <>
          <p className="outlets-page__count">
            {data.totalElements === 1 ? '1 medio' : `${data.totalElements.toLocaleString('es-ES')} medios`}
          </p>
          {data.content.length === 0 ? <p>Ningún medio coincide con la búsqueda.</p> : null}
          <ul className="outlet-list">
            {data.content.map((outlet) => (
              <li key={outlet.slug} className="outlet-list__item">
                <Link to={routes.outlet(outlet.slug)} className="outlet-list__name">
                  {outlet.name}
                </Link>
                <span className="outlet-list__origin">
                  {countryName(outlet.country)} · {languageName(outlet.language)}
                </span>
                <span className="outlet-list__figures">
                  {outlet.reviews.toLocaleString('es-ES')} críticas
                  {outlet.average !== null ? ` · media ${decimal(outlet.average)}` : ''}
                  {outlet.deviation.mean !== null
                    ? ` · desviación ${signedPoints(outlet.deviation.mean)}`
                    : ''}
                </span>
              </li>
            ))}
          </ul>
          {data.totalPages > 1 ? (
            <Pagination
              page={page + 1}
              totalPages={data.totalPages}
              onPrevious={() => update({ page: String(page - 1) })}
              onNext={() => update({ page: String(page + 1) })}
              label="Páginas de medios"
            />
          ) : null}
        </>
      ) : null}
    </div>
  );
}
