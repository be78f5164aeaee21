import { useCallback, useState } from 'react';
import { Link } from '../../../components/link';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { CoverImage } from '../../../components/cover-image';
import { LoadError } from '../../../components/load-error';
import { Modal } from '../../../components/modal';
import { ApiError, serverMessage } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { routes } from '../../../lib/paths';
import { usePageMeta } from '../../../lib/use-page-meta';
import type { GameList, ListGame } from '../../../lib/types';
import { RequireAuth } from '../../auth';
import { deleteList } from '../api/delete-list';
import { removeGameFromList } from '../api/remove-game-from-list';
import { useGameLists } from '../api/use-game-lists';
import { useListGames } from '../api/use-list-games';
import { CreateListForm } from '../components/create-list-form';
import './user.css';

function ListGames({
  list,
  editing,
  onChanged,
}: {
  list: GameList;
  editing: boolean;
  onChanged: () => void;
}) {
  const { data: games, error, isLoading, mutate } = useListGames(list.name);
  const [removing, setRemoving] = useState<ListGame | null>(null);
  const [busy, setBusy] = useState(false);

  if (isLoading) return <p role="status">Cargando juegos...</p>;
  if (error) return <LoadError message="Error: Error al cargar juegos" onRetry={() => mutate()} />;
  if (!games || games.length === 0) return <p className="empty-state">Esta lista no tiene juegos todavía.</p>;

  const confirmRemove = async () => {
    if (!removing) return;
    setBusy(true);
    try {
      await removeGameFromList(list.id, removing.igdbID);
      void mutate(
        games.filter((game) => game.igdbID !== removing.igdbID),
        { revalidate: true },
      );
      onChanged();
    } catch (caught) {
      notify(`Error al eliminar: ${serverMessage(caught, 'Error al conectar con el servidor')}`);
    } finally {
      setBusy(false);
      setRemoving(null);
    }
  };

  return (
    <>
      <ul className={`list-games ${editing ? 'is-editing' : ''}`.trim()}>
        {games.map((game) => (
          <li key={game.igdbID} className="list-game">
            <Link to={routes.game(game)} className="list-game__link">
              <CoverImage
                className="list-game__cover"
                src={game.imageCover}
                alt=""
                width={180}
                height={240}
              />
              <span className="list-game__title">{game.title}</span>
            </Link>
            {editing ? (
              <button
                type="button"
                className="list-game__remove"
                aria-label={`Quitar ${game.title} de la lista`}
                onClick={() => setRemoving(game)}
              >
                ×
              </button>
            ) : null}
          </li>
        ))}
      </ul>
      {removing ? (
        <ConfirmDialog
          title="Quitar juego"
          message={`¿Seguro que quieres quitar ${removing.title} de la lista ${list.name}?`}
          busy={busy}
          onConfirm={confirmRemove}
          onCancel={() => setRemoving(null)}
        />
      ) : null}
    </>
  );
}

function Lists() {
  const { data: lists, isLoading, error, mutate } = useGameLists();
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [editing, setEditing] = useState(false);
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [busy, setBusy] = useState(false);

  const onCreated = useCallback(() => {
    setCreating(false);
    void mutate();
  }, [mutate]);

  if (isLoading) return <p role="status">Cargando listas...</p>;
  if (error) return <LoadError message="No se han podido cargar tus listas." onRetry={() => mutate()} />;

  // When none is chosen, the first list ('Deseados').
  const selected = lists?.find((list) => list.id === selectedId) ?? lists?.[0] ?? null;

  const confirmDelete = async () => {
    if (!selected) return;
    setBusy(true);
    try {
      await deleteList(selected.id);
      setSelectedId(null);
      setEditing(false);
      void mutate();
    } catch (caught) {
      notify(
        caught instanceof ApiError && caught.status === 0
          ? 'Error al conectar con el servidor'
          : `Error al eliminar: ${serverMessage(caught, 'error desconocido')}`,
      );
    } finally {
      setBusy(false);
      setDeleting(false);
    }
  };

  return (
    <>
      <div className="list-picker">
        {lists && lists.length > 0 ? (
          <ul className="chip-list" aria-label="Tus listas">
            {lists.map((list) => (
              <li key={list.id}>
                <button
                  type="button"
                  className="chip"
                  aria-pressed={list.id === selected?.id}
                  onClick={() => {
                    setSelectedId(list.id);
                    setEditing(false);
                  }}
                >
                  {list.name}
                </button>
              </li>
            ))}
          </ul>
        ) : null}
        <button type="button" className="button button--primary" onClick={() => setCreating(true)}>
          + Nueva lista
        </button>
      </div>

      {!lists || lists.length === 0 ? <p className="empty-state">No tienes listas todavía.</p> : null}

      {selected ? (
        <section className="list-detail" aria-labelledby="list-detail-title">
          <div className="list-detail__head">
            <h2 id="list-detail-title">{selected.name}</h2>
            <div className="list-detail__actions">
              <button type="button" className="button" onClick={() => setEditing((value) => !value)}>
                {editing ? 'Salir de edición' : 'Editar lista'}
              </button>
              {!selected.reserved ? (
                <button type="button" className="button button--danger" onClick={() => setDeleting(true)}>
                  Eliminar lista
                </button>
              ) : null}
            </div>
          </div>
          <ListGames list={selected} editing={editing} onChanged={() => void mutate()} />
        </section>
      ) : null}

      {creating ? (
        <Modal title="Nueva lista" onClose={() => setCreating(false)} className="modal--small">
          <CreateListForm onCreated={onCreated} onCancel={() => setCreating(false)} />
        </Modal>
      ) : null}
      {deleting && selected ? (
        <ConfirmDialog
          title="Eliminar lista"
          message={`¿Seguro que quieres eliminar la lista ${selected.name}?`}
          busy={busy}
          onConfirm={confirmDelete}
          onCancel={() => setDeleting(false)}
        />
      ) : null}
    </>
  );
}

export function ListsPage() {
  usePageMeta({ title: 'Mis listas' });
  return (
    <div className="page">
      <h1 className="page-title">MIS LISTAS</h1>
      <RequireAuth>
        <Lists />
      </RequireAuth>
    </div>
  );
}
