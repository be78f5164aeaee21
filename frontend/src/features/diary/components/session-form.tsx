import { useId, useState, type FormEvent } from 'react';
import { Modal } from '../../../components/modal';
import { serverMessage } from '../../../lib/api-client';
import { addPlaySession } from '../api/add-play-session';

/** Today in the reader's calendar, yyyy-MM-dd (what a date input holds). */
const today = () => {
  const now = new Date();
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
};

interface SessionFormProps {
  game: { igdbID: number; title: string };
  platform: string | null;
  onClose: () => void;
  onLogged: () => void;
}

/** 'Registrar sesión': the day (today by default), how long in hours and minutes, the platform and a note. */
export function SessionForm({ game, platform, onClose, onLogged }: SessionFormProps) {
  const id = useId();
  const [date, setDate] = useState(today);
  const [hours, setHours] = useState('1');
  const [minutes, setMinutes] = useState('0');
  const [sessionPlatform, setSessionPlatform] = useState(platform ?? '');
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // The API counts a session in minutes (docs/CONTRACT.md §12); a reader thinks of an evening in hours.
    const total = Number(hours || 0) * 60 + Number(minutes || 0);
    if (!(total >= 1 && total <= 1440)) {
      setError('Una sesión dura entre 1 minuto y 24 horas.');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await addPlaySession(game.igdbID, {
        date,
        minutes: total,
        platform: sessionPlatform.trim() || undefined,
        note: note.trim() || undefined,
      });
      onLogged();
      onClose();
    } catch (caught) {
      setError(serverMessage(caught, 'No se ha podido registrar la sesión'));
      setBusy(false);
    }
  };

  return (
    <Modal title={`Registrar sesión de ${game.title}`} onClose={onClose}>
      <form className="session-form" onSubmit={onSubmit}>
        <label htmlFor={`${id}-date`}>Fecha</label>
        <input
          id={`${id}-date`}
          type="date"
          required
          value={date}
          onChange={(event) => setDate(event.target.value)}
        />
        <fieldset className="session-form__duration">
          <legend>Duración</legend>
          <label htmlFor={`${id}-hours`}>Horas</label>
          <input
            id={`${id}-hours`}
            type="number"
            inputMode="numeric"
            min={0}
            max={24}
            value={hours}
            onChange={(event) => setHours(event.target.value)}
            data-autofocus
          />
          <label htmlFor={`${id}-minutes`}>Minutos</label>
          <input
            id={`${id}-minutes`}
            type="number"
            inputMode="numeric"
            min={0}
            max={59}
            value={minutes}
            onChange={(event) => setMinutes(event.target.value)}
          />
        </fieldset>
        <label htmlFor={`${id}-platform`}>Plataforma</label>
        <input
          id={`${id}-platform`}
          maxLength={60}
          value={sessionPlatform}
          onChange={(event) => setSessionPlatform(event.target.value)}
        />
        <label htmlFor={`${id}-note`}>Nota</label>
        <textarea
          id={`${id}-note`}
          maxLength={500}
          value={note}
          onChange={(event) => setNote(event.target.value)}
        />
        {error ? (
          <p className="form-error" role="alert">
            {error}
          </p>
        ) : null}
        <button type="submit" className="button button--primary" disabled={busy}>
          Guardar sesión
        </button>
      </form>
    </Modal>
  );
}
