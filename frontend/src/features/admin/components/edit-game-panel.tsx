import { useState, type FormEvent } from 'react';
import { PLATFORMS } from '@veredicto/contract';
import { SelectField } from '../../../components/select-field';
import { TextField } from '../../../components/text-field';
import type { GameFactsEdit } from '../../../lib/types';
import { editGame } from '../api/edit-game';
import { useRequestStatus } from '../use-request-status';
import { RequestStatusText } from './request-status-text';

const PRECISIONS = [
  { value: '', label: 'Sin cambios' },
  { value: 'day', label: 'Día' },
  { value: 'month', label: 'Mes' },
  { value: 'quarter', label: 'Trimestre' },
  { value: 'year', label: 'Año' },
] as const;

type Precision = (typeof PRECISIONS)[number]['value'];

/**
 * 'Editar juego': the operator corrects a game's release date, its precision or its platforms. Left blank,
 * a fact stays as it is; each real change is recorded and alerts the game's followers.
 */
export function EditGamePanel() {
  const [igdbId, setIgdbId] = useState('');
  const [releaseDate, setReleaseDate] = useState('');
  const [precision, setPrecision] = useState<Precision>('');
  const [platforms, setPlatforms] = useState<string[]>([]);
  const { status, run } = useRequestStatus();

  const togglePlatform = (id: string, checked: boolean) =>
    setPlatforms((current) => (checked ? [...current, id] : current.filter((one) => one !== id)));

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const edit: GameFactsEdit = {
      ...(releaseDate ? { releaseDate } : {}),
      ...(precision ? { releaseDatePrecision: precision } : {}),
      ...(platforms.length > 0 ? { platforms } : {}),
    };
    const answer = await run('Guardando...', () => editGame(igdbId.trim(), edit), 'Juego actualizado');
    if (answer === null) return;
    setReleaseDate('');
    setPrecision('');
    setPlatforms([]);
  };

  return (
    <form className="form admin-form" onSubmit={onSubmit}>
      <TextField label="ID del Juego" inputMode="numeric" required value={igdbId} onValueChange={setIgdbId} />
      <TextField
        label="Fecha de salida"
        type="date"
        value={releaseDate}
        onValueChange={setReleaseDate}
        hint="Deja en blanco lo que no cambie."
      />
      <SelectField
        label="Precisión de la fecha"
        value={precision}
        options={PRECISIONS}
        onValueChange={(value) => setPrecision(value as Precision)}
      />
      <fieldset className="field">
        <legend>Plataformas (todas las del juego)</legend>
        {PLATFORMS.map((platform) => (
          <label key={platform.id}>
            <input
              type="checkbox"
              checked={platforms.includes(platform.id)}
              onChange={(event) => togglePlatform(platform.id, event.target.checked)}
            />{' '}
            {platform.name}
          </label>
        ))}
      </fieldset>
      <button type="submit" className="button button--primary" disabled={status.kind === 'sending'}>
        Guardar cambios
      </button>
      <RequestStatusText status={status} />
    </form>
  );
}
