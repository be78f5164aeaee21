import { useEffect, useState, type FormEvent } from 'react';
import { TextField } from '../../../components/text-field';
import { serverMessage } from '../../../lib/api-client';
import { capitalizeFirst } from '../../../lib/format';
import { createList } from '../api/create-list';

export const LIST_CREATED_CLOSE_MS = 1000;

interface CreateListFormProps {
  /** Called one second after the list is created, with its name. */
  onCreated: (name: string) => void;
  onCancel?: () => void;
}

/** A list name (first letter capitalised as it is typed), 'Creando lista...', then 'Lista creada con éxito'. */
export function CreateListForm({ onCreated, onCancel }: CreateListFormProps) {
  const [name, setName] = useState('');
  const [state, setState] = useState<'idle' | 'creating' | 'created'>('idle');
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (state !== 'created') return;
    const timer = window.setTimeout(() => onCreated(name.trim()), LIST_CREATED_CLOSE_MS);
    return () => window.clearTimeout(timer);
  }, [state, name, onCreated]);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) {
      setError('Escribe un nombre para la lista.');
      return;
    }
    setState('creating');
    setError(null);
    try {
      await createList(trimmed);
      setState('created');
    } catch (caught) {
      setState('idle');
      setError(serverMessage(caught, 'Error al crear la lista'));
    }
  };

  return (
    <form className="form create-list-form" onSubmit={onSubmit} noValidate>
      <TextField
        label="Nombre de la lista"
        name="name"
        required
        maxLength={100}
        value={name}
        onValueChange={(value) => setName(capitalizeFirst(value))}
        disabled={state !== 'idle'}
        data-autofocus
      />
      <p className="form-status" role="status">
        {state === 'creating' ? 'Creando lista...' : state === 'created' ? 'Lista creada con éxito' : ''}
      </p>
      {error ? (
        <p className="form-error" role="alert">
          {error}
        </p>
      ) : null}
      <div className="form__actions">
        <button type="submit" className="button button--primary" disabled={state !== 'idle'}>
          Crear lista
        </button>
        {onCancel ? (
          <button type="button" className="button button--ghost" onClick={onCancel}>
            Cancelar
          </button>
        ) : null}
      </div>
    </form>
  );
}
