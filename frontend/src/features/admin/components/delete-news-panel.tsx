import { useState, type FormEvent } from 'react';
import { useSWRConfig } from 'swr';
import { TextField } from '../../../components/text-field';
import { CoverImage } from '../../../components/cover-image';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { apiPaths } from '../../../lib/paths';
import { useAllNews } from '../../news';
import { deleteNews } from '../api/delete-news';

export function DeleteNewsPanel() {
  const { data: news, error, isLoading } = useAllNews();
  const { mutate } = useSWRConfig();
  const [newsId, setNewsId] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!newsId.trim()) return;
    setConfirming(true);
  };

  const onConfirm = async () => {
    setBusy(true);
    try {
      await deleteNews(newsId.trim());
      notify('Noticia eliminada');
      void mutate(apiPaths.news.all());
    } catch (caught) {
      notify(
        caught instanceof ApiError && caught.status !== 0
          ? 'No se ha podido eliminar la noticia'
          : 'Error al eliminar la noticia',
      );
    } finally {
      setBusy(false);
      setNewsId('');
      setConfirming(false);
    }
  };

  return (
    <div className="admin-form">
      <form className="form form--row" onSubmit={onSubmit}>
        <TextField
          label="ID de la noticia"
          inputMode="numeric"
          value={newsId}
          onValueChange={(value) => {
            setNewsId(value);
            setConfirming(false);
          }}
        />
        <button type="submit" className="button button--danger">
          Eliminar
        </button>
      </form>
      {confirming ? (
        <p className="confirm-line" role="group" aria-label="Confirmar eliminación">
          ¿Seguro que quieres eliminar la noticia {newsId.trim()}?{' '}
          <button type="button" className="button button--danger" onClick={onConfirm} disabled={busy}>
            Sí
          </button>{' '}
          <button type="button" className="button button--ghost" onClick={() => setConfirming(false)}>
            Cancelar
          </button>
        </p>
      ) : null}
      {isLoading ? <p role="status">Cargando noticias...</p> : null}
      {error ? <p className="form-error">Error al obtener noticias: {error.message}</p> : null}
      {news && news.length === 0 ? <p className="muted">No hay noticias disponibles</p> : null}
      {news && news.length > 0 ? (
        <ul className="admin-news-grid">
          {news.map((item) => (
            <li key={item.newID} className="admin-news">
              <CoverImage className="admin-news__image" src={item.image} alt="" width={320} height={180} />
              <p className="admin-news__id">ID: {item.newID}</p>
              <p className="admin-news__title">{item.title}</p>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
