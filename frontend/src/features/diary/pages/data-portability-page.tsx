import { pageTexts, scoreMappingLabel, PLAY_STATUS_LABELS, type ImportScoreScale } from '@veredicto/contract';
import { Fragment, useId, useState, type FormEvent } from 'react';
import { Link } from '../../../components/link';
import { serverMessage } from '../../../lib/api-client';
import { routes } from '../../../lib/paths';
import { usePageMeta } from '../../../lib/use-page-meta';
import { RequireAuth } from '../../auth';
import { confirmImport } from '../api/confirm-import';
import { downloadExport } from '../api/download-export';
import { startImport } from '../api/start-import';
import { useImport } from '../api/use-import';
import type { DiaryImport, DiaryImportSource, ImportRow } from '../../../lib/types';
import '../components/diary.css';

const SOURCES: { value: DiaryImportSource | ''; label: string }[] = [
  { value: '', label: 'Reconocerlo por el contenido' },
  { value: 'csv', label: 'CSV (el de Veredicto o tu hoja de cálculo)' },
  { value: 'backloggd', label: 'Backloggd (Title, Rating)' },
  { value: 'grouvee', label: 'Grouvee (exportación CSV)' },
  { value: 'steam', label: 'Steam (JSON de GetOwnedGames)' },
];

/** What the file says of a row, in a few words. */
const SCALE_LABELS: Record<ImportScoreScale, string> = {
  5: 'De 0 a 5 (estrellas)',
  10: 'De 0 a 10',
  100: 'De 0 a 100',
};

/** The row's facts; its score as the file wrote it and what it becomes ('nota 8,5/10 → 85'). */
function rowFacts(row: ImportRow, scale: ImportScoreScale | null): string[] {
  const mapping = row.ratingText ? scoreMappingLabel(row.ratingText, scale) : null;
  const score = row.ratingText ? (mapping ?? `${row.ratingText} (¿sobre cuánto?)`) : row.rating;
  const facts = [
    row.status ? PLAY_STATUS_LABELS[row.status] : null,
    row.platform,
    score !== null ? `nota ${score}` : null,
    row.hours !== null ? `${row.hours.toLocaleString('es-ES')} h` : null,
  ];
  return facts.filter((fact): fact is string => Boolean(fact));
}

/** The facts apart by ' · ', each kept on one line: a narrow screen never splits '8,5/10 → 85'. */
function RowFacts({ facts }: { facts: string[] }) {
  return (
    <span className="muted">
      {facts.map((fact, index) => (
        <Fragment key={index}>
          {index ? ' · ' : null}
          <span className="diary-import__fact">{fact}</span>
        </Fragment>
      ))}
    </span>
  );
}

const candidateLabel = (game: ImportRow['candidates'][number]) =>
  game.year ? `${game.title} (${game.year})` : game.title;

function ExportSection() {
  const [state, setState] = useState<{ busy: boolean; error: string | null }>({ busy: false, error: null });
  const download = async () => {
    setState({ busy: true, error: null });
    try {
      await downloadExport();
      setState({ busy: false, error: null });
    } catch (error) {
      setState({ busy: false, error: serverMessage(error, 'No se ha podido preparar la descarga.') });
    }
  };
  return (
    <section aria-labelledby="export-title">
      <h2 id="export-title">Exportar</h2>
      <p>
        Un ZIP con todo lo que nos has dado (perfil, estados, sesiones, notas, críticas, listas y a quién
        sigues) en JSON, y tus juegos en un CSV que puedes volver a importar aquí o en otro sitio.
      </p>
      <button type="button" className="button" onClick={() => void download()} disabled={state.busy}>
        {state.busy ? 'Preparando…' : 'Descargar mis datos'}
      </button>
      {state.error ? (
        <p className="form-error" role="alert">
          {state.error}
        </p>
      ) : null}
    </section>
  );
}

function UploadForm({ onStarted }: { onStarted: (importId: number) => void }) {
  const id = useId();
  const [file, setFile] = useState<File | null>(null);
  const [source, setSource] = useState<DiaryImportSource | ''>('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!file) {
      setError('Elige un fichero.');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      onStarted((await startImport(file, source || undefined)).id);
    } catch (failure) {
      setError(serverMessage(failure, 'No se ha podido subir el fichero.'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="diary-import__form" onSubmit={(event) => void submit(event)}>
      <label htmlFor={`${id}-file`}>Fichero</label>
      <input
        id={`${id}-file`}
        type="file"
        accept=".csv,.json,text/csv,application/json"
        onChange={(event) => setFile(event.target.files?.[0] ?? null)}
      />
      <label htmlFor={`${id}-source`}>Origen</label>
      <select
        id={`${id}-source`}
        value={source}
        onChange={(event) => setSource(event.target.value as DiaryImportSource | '')}
      >
        {SOURCES.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <button type="submit" className="button button--primary" disabled={busy}>
        {busy ? 'Subiendo…' : 'Subir y buscar los juegos'}
      </button>
      {error ? (
        <p className="form-error" role="alert">
          {error}
        </p>
      ) : null}
    </form>
  );
}

/** The rows the job matched, the ones the user settles, the ones left out; then the confirmation. */
function ImportReview({ run, onDone }: { run: DiaryImport; onDone: (answer: DiaryImport) => void }) {
  const id = useId();
  // Ambiguous rows start unchosen (nothing is imported for them unless the user picks a game).
  const [choices, setChoices] = useState<Record<number, number | null>>({});
  // The user's answer when the file's scores could be on more than one scale.
  const [chosenScale, setChosenScale] = useState<ImportScoreScale | null>(null);
  const scale = run.ratingScale.detected ?? chosenScale;
  const asksScale =
    run.ratingScale.detected === null &&
    [...run.matched, ...run.ambiguous].some((row) => row.ratingText && !row.problem);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const facts = (row: ImportRow) => <RowFacts facts={rowFacts(row, scale)} />;
  const confirm = async () => {
    setBusy(true);
    setError(null);
    try {
      const picked = Object.entries(choices).map(([line, igdbID]) => ({ line: Number(line), igdbID }));
      onDone(await confirmImport(run.id, picked, asksScale ? chosenScale : null));
    } catch (failure) {
      setError(serverMessage(failure, 'No se ha podido importar.'));
      setBusy(false);
    }
  };
  return (
    <div className="diary-import__review">
      {asksScale ? (
        <p className="diary-import__scale">
          <label htmlFor={`${id}-scale`}>¿Sobre cuánto están las notas del fichero?</label>
          <span className="muted">
            Todas caben entre 0 y 5: pueden ser estrellas, notas sobre 10 o sobre 100.
          </span>
          <select
            id={`${id}-scale`}
            value={chosenScale ?? ''}
            onChange={(event) =>
              setChosenScale(event.target.value ? (Number(event.target.value) as ImportScoreScale) : null)
            }
          >
            <option value="">Elige la escala</option>
            {run.ratingScale.options.map((option) => (
              <option key={option} value={option}>
                {SCALE_LABELS[option]}
              </option>
            ))}
          </select>
        </p>
      ) : null}
      <section aria-labelledby={`${id}-matched`}>
        <h3 id={`${id}-matched`}>Encontrados ({run.matched.length})</h3>
        <ul className="diary-list" data-testid="import-matched">
          {run.matched.map((row) => (
            <li key={row.line}>
              <span>{row.candidates[0] ? candidateLabel(row.candidates[0]) : row.title}</span>
              {facts(row)}
            </li>
          ))}
        </ul>
      </section>
      {run.ambiguous.length ? (
        <section aria-labelledby={`${id}-ambiguous`}>
          <h3 id={`${id}-ambiguous`}>Dudosos ({run.ambiguous.length}): elige el juego</h3>
          <ul className="diary-list" data-testid="import-ambiguous">
            {run.ambiguous.map((row) => (
              <li key={row.line}>
                <label htmlFor={`${id}-row-${row.line}`}>
                  «{row.title}» {facts(row)}
                </label>
                <select
                  id={`${id}-row-${row.line}`}
                  value={choices[row.line] ?? ''}
                  onChange={(event) =>
                    setChoices((current) => ({
                      ...current,
                      [row.line]: event.target.value ? Number(event.target.value) : null,
                    }))
                  }
                >
                  <option value="">No importar</option>
                  {row.candidates.map((game) => (
                    <option key={game.igdbID} value={game.igdbID}>
                      {candidateLabel(game)}
                    </option>
                  ))}
                </select>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {run.unmatched.length ? (
        <section aria-labelledby={`${id}-unmatched`}>
          <h3 id={`${id}-unmatched`}>Sin encontrar ({run.unmatched.length}): no se importarán</h3>
          <ul className="diary-list" data-testid="import-unmatched">
            {run.unmatched.map((row) => (
              <li key={row.line}>
                <span>
                  Fila {row.line}: «{row.title || 'sin título'}»
                </span>
                <span className="muted">{row.problem ?? 'No está en nuestro catálogo'}</span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <p className="muted">
        Solo se añade lo que no tengas: los estados y las notas que ya pusiste no cambian.
      </p>
      <button
        type="button"
        className="button button--primary"
        onClick={() => void confirm()}
        disabled={busy || (asksScale && chosenScale === null)}
      >
        {busy ? 'Importando…' : 'Confirmar importación'}
      </button>
      {error ? (
        <p className="form-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

function ImportSection() {
  const [importId, setImportId] = useState<number | null>(null);
  const { data: run, error, mutate } = useImport(importId);
  return (
    <section aria-labelledby="import-title">
      <h2 id="import-title">Importar</h2>
      <p>
        Trae tu lista desde un CSV (columnas en español o inglés: título, plataforma, estado, nota, horas,
        fechas), Backloggd, Grouvee o Steam. Buscamos cada juego en el catálogo y tú confirmas antes de
        guardar nada.
      </p>
      {importId === null ? <UploadForm onStarted={setImportId} /> : null}
      {error ? (
        <p className="form-error" role="alert">
          No se ha podido leer la importación.
        </p>
      ) : null}
      {run?.state === 'matching' ? (
        <p className="muted" role="status">
          Buscando {run.rows} juegos en el catálogo…
        </p>
      ) : null}
      {run?.state === 'failed' ? (
        <p className="form-error" role="alert">
          No hemos podido buscar los juegos de este fichero. Inténtalo de nuevo más tarde.
        </p>
      ) : null}
      {run?.state === 'ready' ? (
        <ImportReview run={run} onDone={(answer) => void mutate(answer, false)} />
      ) : null}
      {run?.state === 'done' && run.result ? (
        <p role="status" data-testid="import-result">
          Importación terminada: {run.result.statuses} estados y {run.result.ratings} notas añadidos.{' '}
          <Link to={routes.myGames()}>Ver mis juegos</Link>
        </p>
      ) : null}
      {run && run.state !== 'matching' && run.state !== 'ready' ? (
        <button type="button" className="button button--ghost" onClick={() => setImportId(null)}>
          Importar otro fichero
        </button>
      ) : null}
    </section>
  );
}

export function DataPortabilityPage() {
  usePageMeta(pageTexts.dataPortability());
  return (
    <RequireAuth>
      <section className="page diary-page data-portability">
        <h1>Importar y exportar tus juegos</h1>
        <ImportSection />
        <ExportSection />
      </section>
    </RequireAuth>
  );
}
