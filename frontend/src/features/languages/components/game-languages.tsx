import { useState } from 'react';
import type { LanguageEntry } from '@veredicto/contract';
import { normalizePlatforms } from '../../../lib/format';
import type { GameDetail } from '../../../lib/types';
import { languagesByPlatform, sourceNote } from '../language-lines';
import './languages.css';

/** A fact with its source: the note shows on hover (title) and on tap (the button reveals it). */
function SourcedFact({ label, entry }: { label: string; entry: LanguageEntry }) {
  const [open, setOpen] = useState(false);
  const note = sourceNote(entry);
  return (
    <li className="game-languages__fact">
      <button
        type="button"
        className="game-languages__label"
        title={note}
        aria-expanded={open}
        onClick={() => setOpen((shown) => !shown)}
      >
        {label}
      </button>
      {open ? <span className="game-languages__source">{note}</span> : null}
    </li>
  );
}

/** The 'Idiomas' block of the game page (docs/CONTRACT.md §13): Spanish voices and texts per platform. */
export function GameLanguages({ game }: { game: Pick<GameDetail, 'platform' | 'languages'> }) {
  const platforms = normalizePlatforms(game.platform);
  const groups = languagesByPlatform(platforms.length ? platforms : ['Todas'], game.languages ?? []);
  return (
    <dl className="game-languages">
      {groups.map((group) => (
        <div className="game-languages__platform" key={group.platform} data-platform={group.platform}>
          <dt>{group.platform}</dt>
          <dd>
            <ul>
              {group.lines.map((line) => (
                <SourcedFact key={line.label} label={line.label} entry={line.entry} />
              ))}
              {group.lines.length === 0 && group.noSpanish ? (
                <SourcedFact label="Sin castellano ni español latino" entry={group.noSpanish} />
              ) : null}
              {group.lines.length === 0 && !group.noSpanish ? (
                <li className="game-languages__unknown">Sin datos</li>
              ) : null}
            </ul>
          </dd>
        </div>
      ))}
    </dl>
  );
}
