import { useState, type FormEvent } from 'react';
import {
  LANGUAGE_LOCALE_LABELS,
  LANGUAGE_LOCALES,
  PLATFORMS,
  type LanguageLocale,
  type SpanishAnswer,
} from '@veredicto/contract';
import { DialogFormFooter, useDialogSend } from '../../../components/dialog-form-footer';
import { Modal } from '../../../components/modal';
import { RadioFieldset } from '../../../components/radio-fieldset';
import { SelectField } from '../../../components/select-field';
import { TextAreaField } from '../../../components/text-field';
import { reportLanguages } from '../api/report-languages';

const ANSWERS: readonly { value: SpanishAnswer; label: string }[] = [
  { value: 'yes', label: 'Sí' },
  { value: 'no', label: 'No' },
  { value: 'unknown', label: 'No lo sé' },
];
const LOCALE_OPTIONS = LANGUAGE_LOCALES.map((value) => ({ value, label: LANGUAGE_LOCALE_LABELS[value] }));
const asField = (answer: SpanishAnswer) => (answer === 'unknown' ? undefined : answer === 'yes');

/** The game's platforms as the API names them ('PlayStation 5' → 'ps5'); every platform when none is known. */
function platformOptions(names: readonly string[]) {
  const known = PLATFORMS.filter((platform) => names.includes(platform.name));
  return known.length ? known : PLATFORMS;
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
  const { status, setStatus, busy, send } = useDialogSend();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (audio === 'unknown' && text === 'unknown') {
      setStatus({ kind: 'error', message: 'Indica al menos si hay voces o textos en ese idioma.' });
      return;
    }
    const trimmed = note.trim();
    void send(async () => {
      await reportLanguages(igdbID, {
        platform,
        locale,
        audio: asField(audio),
        text: asField(text),
        ...(trimmed ? { note: trimmed } : {}),
      });
      return 'Gracias: lo revisaremos y te avisaremos por correo.';
    }, 'No se ha podido enviar el aviso.');
  };

  return (
    <Modal title="Informar sobre los idiomas" onClose={onClose}>
      <form className="form" onSubmit={onSubmit} noValidate>
        <SelectField
          label="Plataforma"
          value={platform}
          options={options.map((option) => ({ value: option.id, label: option.name }))}
          onValueChange={setPlatform}
        />
        <SelectField
          label="Idioma"
          value={locale}
          options={LOCALE_OPTIONS}
          onValueChange={(value) => setLocale(value as LanguageLocale)}
        />
        <RadioFieldset
          legend="¿Tiene voces en ese idioma?"
          options={ANSWERS}
          value={audio}
          onChange={setAudio}
        />
        <RadioFieldset
          legend="¿Tiene textos en ese idioma?"
          options={ANSWERS}
          value={text}
          onChange={setText}
        />
        <TextAreaField
          label="Dónde lo has visto (opcional)"
          rows={2}
          maxLength={1000}
          value={note}
          onValueChange={setNote}
        />
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
