import {
  ALERT_KIND_KEYS,
  ALERT_KIND_LABELS,
  ALERT_KINDS,
  PLATFORMS,
  pageTexts,
  type AlertEmail,
  type AlertSettingsBody,
  type AlertSettingsResponse,
} from '@veredicto/contract';
import { useEffect, useState, type FormEvent } from 'react';
import { Link } from '../../../components/link';
import { LoadError } from '../../../components/load-error';
import { apiFetch, serverMessage } from '../../../lib/api-client';
import { apiPaths, routes } from '../../../lib/paths';
import { usePageMeta } from '../../../lib/use-page-meta';
import { RequireAuth } from '../../auth';
import { useAlertSettings } from '../api/use-notifications';
import '../components/alerts.css';

const EMAIL_LABELS: Record<AlertEmail, string> = {
  immediate: 'Al momento, un correo por aviso',
  daily: 'Un resumen diario',
  weekly: 'Un resumen semanal',
  off: 'No enviarme correos (solo la campana)',
};

function Settings() {
  const { data, error, mutate } = useAlertSettings();
  const [form, setForm] = useState<AlertSettingsBody | null>(null);
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);

  useEffect(() => {
    if (data && !form) setForm({ email: data.email, kinds: data.kinds, platforms: data.platforms });
  }, [data, form]);

  if (error) {
    return <LoadError message="No se han podido cargar tus ajustes de avisos." onRetry={() => mutate()} />;
  }
  if (!form || !data) return <p className="muted">Cargando…</p>;

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setStatus(null);
    try {
      const saved = await apiFetch<AlertSettingsResponse>(apiPaths.user.alerts(), {
        method: 'PUT',
        json: form,
      });
      await mutate(saved, { revalidate: false });
      setStatus({ ok: true, text: 'Ajustes guardados.' });
    } catch (caught) {
      setStatus({ ok: false, text: serverMessage(caught, 'No se han podido guardar los ajustes.') });
    }
  };

  const renew = async () => {
    const renewed = await apiFetch<AlertSettingsResponse>(apiPaths.user.calendarToken(), { method: 'POST' });
    await mutate(renewed, { revalidate: false });
  };

  const togglePlatform = (id: string, on: boolean) =>
    setForm({
      ...form,
      platforms: on ? [...form.platforms, id] : form.platforms.filter((platform) => platform !== id),
    });

  return (
    <form className="alert-settings" onSubmit={(event) => void save(event)}>
      <fieldset>
        <legend>Correo</legend>
        {(Object.keys(EMAIL_LABELS) as AlertEmail[]).map((email) => (
          <label key={email}>
            <input
              type="radio"
              name="email"
              value={email}
              checked={form.email === email}
              onChange={() => setForm({ ...form, email })}
            />
            {EMAIL_LABELS[email]}
          </label>
        ))}
      </fieldset>
      <fieldset>
        <legend>Qué quieres saber de los juegos que sigues</legend>
        {ALERT_KINDS.map((kind) => {
          const key = ALERT_KIND_KEYS[kind];
          return (
            <label key={kind}>
              <input
                type="checkbox"
                checked={form.kinds[key]}
                onChange={(event) =>
                  setForm({ ...form, kinds: { ...form.kinds, [key]: event.target.checked } })
                }
              />
              {ALERT_KIND_LABELS[kind]}
            </label>
          );
        })}
      </fieldset>
      <fieldset>
        <legend>Mis plataformas</legend>
        <p className="muted">
          Los avisos de lanzamiento, de fecha y de nuevas plataformas solo llegan si tocan alguna de las que
          marques. Sin ninguna marcada, llegan todos.
        </p>
        <div className="alert-settings__platforms">
          {PLATFORMS.map((platform) => (
            <label key={platform.id}>
              <input
                type="checkbox"
                checked={form.platforms.includes(platform.id)}
                onChange={(event) => togglePlatform(platform.id, event.target.checked)}
              />
              {platform.name}
            </label>
          ))}
        </div>
      </fieldset>
      <button type="submit" className="button button--primary">
        Guardar
      </button>
      {status ? (
        <p className={status.ok ? 'form-success' : 'form-error'} role="status">
          {status.text}
        </p>
      ) : null}
      <fieldset>
        <legend>Calendario</legend>
        <p>
          Suscríbete desde Google Calendar o Calendario de Apple a las fechas de salida de los juegos que
          sigues. Este enlace es privado: no lo compartas.
        </p>
        <p className="alert-settings__calendar" data-testid="calendar-url">
          {data.calendarUrl}
        </p>
        <button type="button" className="button" onClick={() => void renew()}>
          Renovar el enlace
        </button>
      </fieldset>
      <p>
        <Link to={routes.notifications()}>Ver mis avisos</Link>
      </p>
    </form>
  );
}

export function AlertSettingsPage() {
  usePageMeta(pageTexts.alertSettings());
  return (
    <RequireAuth>
      <section className="page">
        <h1>Ajustes de avisos</h1>
        <Settings />
      </section>
    </RequireAuth>
  );
}
