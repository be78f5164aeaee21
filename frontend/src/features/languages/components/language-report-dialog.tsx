import { useId, useState, type FormEvent } from 'react';
import {
  LANGUAGE_LOCALE_LABELS,
  LANGUAGE_LOCALES,
  PLATFORMS,
  type LanguageLocale,
  type SpanishAnswer,
} from '@veredicto/contract';
import { DialogFormFooter, type DialogFormStatus } from '../../../components/dialog-form-footer';
import { Modal } from '../../../components/modal';
import { serverMessage } from '../../../lib/api-client';
import { reportLanguages } from '../api/report-languages';

const ANSWERS: { value: SpanishAnswer; label: string }[] = [
  { value: 'yes', label: 'Sí' },
  { value: 'no', label: 'No' },
  { value: 'unknown', label: 'No lo sé' },
];
const asField = (answer: SpanishAnswer) => (answer === 'unknown' ? undefined : answer === 'yes');

/** The game's platforms as the API names them ('PlayStation 5' → 'ps5'); every platform when none is known. */
function platformOptions(names: readonly string[]) {
  const known = PLATFORMS.filter((platform) => names.includes(platform.name));
  return known.length ? known : PLATFORMS;
}

function AnswerField({
  legend,
  value,
  onChange,
}: {
  legend: string;
  value: SpanishAnswer;
  onChange: (next: SpanishAnswer) => void;
}) {
  const id = useId();
  return (
    <fieldset className="field">
      <legend>{legend}</legend>
      {ANSWERS.map((answer) => (
        <label key={answer.value} className="field--checkbox">
          <input
            type="radio"
            name={id}
            value={answer.value}
            checked={value === answer.value}
            onChange={() => onChange(answer.value)}
          />
          {answer.label}
        </label>
      ))}
    </fieldset>
  );
}

/** 'Informar sobre los idiomas': what the player saw on one platform, for the operator to check. */
export function LanguageReportDialog({
  igdbID,
  platforms,
  onClose,
}: {
  igdbID: number;
  platforms: readonly string[];
  onClose: () => void;
}) {
  const options = platformOptions(platforms);
  const [platform, setPlatform] = useState<string>(options[0].id);
  const [locale, setLocale] = useState<LanguageLocale>('es-ES');
  const [audio, setAudio] = useState<SpanishAnswer>('unknown');
  const [text, setText] = useState<SpanishAnswer>('unknown');
  const [note, setNote] = useState('');
  const [status, setStatus] = useState<DialogFormStatus | null>(null);
  const [busy, setBusy] = useState(false);
  const id = useId();

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (audio === 'unknown' && text === 'unknown') {
      setStatus({ kind: 'error', message: 'Indica al menos si hay voces o textos en ese idioma.' });
      return;
    }
    setBusy(true);
    setStatus(null);
    try {
      const trimmed = note.trim();
      await reportLanguages(igdbID, {
        platform,
        locale,
        audio: asField(audio),
        text: asField(text),
        ...(trimmed ? { note: trimmed } : {}),
      });
      setStatus({ kind: 'success', message: 'Gracias: lo revisaremos y te avisaremos por correo.' });
    } catch (caught) {
      setStatus({ kind: 'error', message: serverMessage(caught, 'No se ha podido enviar el aviso.') });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal title="Informar sobre los idiomas" onClose={onClose}>
      <form className="form" onSubmit={onSubmit} noValidate>
        <div className="field">
          <label htmlFor={`${id}-platform`}>Plataforma</label>
          <select
            id={`${id}-platform`}
            value={platform}
            onChange={(event) => setPlatform(event.target.value)}
          >
            {options.map((option) => (
              <option key={option.id} value={option.id}>
                {option.name}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${id}-locale`}>Idioma</label>
          <select
            id={`${id}-locale`}
            value={locale}
            onChange={(event) => setLocale(event.target.value as LanguageLocale)}
          >
            {LANGUAGE_LOCALES.map((option) => (
              <option key={option} value={option}>
                {LANGUAGE_LOCALE_LABELS[option]}
              </option>
            ))}
          </select>
        </div>
        <AnswerField legend="¿Tiene voces en ese idioma?" value={audio} onChange={setAudio} />
        <AnswerField legend="¿Tiene textos en ese idioma?" value={text} onChange={setText} />
        <div className="field">
          <label htmlFor={`${id}-note`}>Dónde lo has visto (opcional)</label>
          <textarea
            id={`${id}-note`}
            rows={2}
            maxLength={1000}
            value={note}
            onChange={(event) => setNote(event.target.value)}
          />
        </div>
        <DialogFormFooter status={status} busy={busy} submitLabel="Enviar aviso" onClose={onClose} />
      </form>
    </Modal>
  );
}

/** The link under the 'Idiomas' block that opens the report. */
export function LanguageReportAction({
  igdbID,
  platforms,
}: {
  igdbID: number;
  platforms: readonly string[];
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="button button--link" onClick={() => setOpen(true)}>
        Informar sobre los idiomas
      </button>
      {open ? (
        <LanguageReportDialog igdbID={igdbID} platforms={platforms} onClose={() => setOpen(false)} />
      ) : null}
    </>
  );
}
