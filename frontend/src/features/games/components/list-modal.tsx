import { useCallback, useId, useState, type FormEvent } from 'react';
import { Modal } from '../../../components/modal';
import { SelectField } from '../../../components/select-field';
import { addGameToList, useGameLists, CreateListForm } from '../../user';

type Status = { kind: 'error' | 'success'; message: string } | null;

interface ListModalProps {
  game: { igdbID: number; title: string };
  onClose: () => void;
  onAdded: () => void;
}

/** Picks one of the user's lists or creates a new one, then adds the game. */
export function ListModal({ game, onClose, onAdded }: ListModalProps) {
  const { data: lists, isLoading, mutate } = useGameLists();
  const [chosen, setChosen] = useState('');
  const [creating, setCreating] = useState(false);
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<Status>(null);
  const selectId = useId();

  const choices = lists ?? [];
  const selected = choices.some((list) => list.name === chosen) ? chosen : (choices[0]?.name ?? '');

  const onCreated = useCallback(
    (name: string) => {
      setCreating(false);
      setChosen(name);
      void mutate();
    },
    [mutate],
  );

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!selected) return;
    setBusy(true);
    setStatus(null);
    try {
      await addGameToList({ gameId: game.igdbID, name: selected });
      setStatus({ kind: 'success', message: 'Juego agregado con éxito.' });
      onAdded();
    } catch {
      setStatus({ kind: 'error', message: 'Hubo un error al agregar el juego.' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal title="Selecciona la lista" onClose={onClose} className="modal--small">
      <p className="muted">{game.title}</p>
      {isLoading ? (
        <p role="status">Cargando listas...</p>
      ) : choices.length === 0 ? (
        <p className="empty-state">No has creado ninguna lista todavía.</p>
      ) : null}
      <form className="form" onSubmit={onSubmit} id={`${selectId}-form`}>
        {choices.length > 0 ? (
          <SelectField
            label="Lista"
            value={selected}
            options={choices.map((list) => ({ value: list.name, label: list.name }))}
            onValueChange={setChosen}
          />
        ) : null}
      </form>
      {creating ? (
        <CreateListForm onCreated={onCreated} onCancel={() => setCreating(false)} />
      ) : (
        <button type="button" className="button button--ghost" onClick={() => setCreating(true)}>
          + Nueva lista
        </button>
      )}
      {status ? (
        <p
          className={status.kind === 'error' ? 'form-error' : 'form-success'}
          role={status.kind === 'error' ? 'alert' : 'status'}
        >
          {status.message}
        </p>
      ) : null}
      <div className="modal__actions">
        <button
          type="submit"
          form={`${selectId}-form`}
          className="button button--primary"
          disabled={busy || !selected}
        >
          Añadir
        </button>
        <button type="button" className="button button--ghost" onClick={onClose}>
          Cerrar
        </button>
      </div>
    </Modal>
  );
}
