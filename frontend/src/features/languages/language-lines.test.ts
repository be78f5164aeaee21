import type { LanguageEntry } from '@veredicto/contract';
import { describe, expect, it } from 'vitest';
import { formatAsOf, languagesByPlatform, sourceNote } from './language-lines';

const steam = (locale: LanguageEntry['locale'], text: boolean, audio: boolean): LanguageEntry => ({
  platform: 'pc',
  locale,
  text,
  audio,
  interface: null,
  subtitles: null,
  source: 'steam',
  asOf: '2024-10',
});

describe('languagesByPlatform', () => {
  it('lists what the entries of a platform say and leaves other platforms without data', () => {
    const groups = languagesByPlatform(
      ['PC', 'PlayStation 5'],
      [steam('es-ES', true, false), steam('es-419', true, false)],
    );
    expect(groups.map((group) => [group.platform, group.lines.map((line) => line.label)])).toEqual([
      ['PC', ['Textos en castellano', 'Textos en español latino']],
      ['PlayStation 5', []],
    ]);
    expect(groups[1].noSpanish).toBeNull();
  });

  it('applies an all-platforms entry everywhere and tells a stated absence from a lack of data', () => {
    const everywhere = {
      ...steam('es-ES', true, true),
      platform: null,
      source: 'user' as const,
      asOf: '2026-11-20',
    };
    expect(languagesByPlatform(['Nintendo Switch'], [everywhere])[0].lines.map((line) => line.label)).toEqual(
      ['Voces en castellano', 'Textos en castellano'],
    );
    const none = languagesByPlatform(
      ['PC'],
      [steam('es-ES', false, false), steam('es-419', false, false)],
    )[0];
    expect(none.lines).toEqual([]);
    expect(none.noSpanish?.source).toBe('steam');
  });
});

describe('source notes', () => {
  it('gives the source and its date as dd-MM-yyyy, or MM-yyyy for a month', () => {
    expect(formatAsOf('2024-10')).toBe('10-2024');
    expect(formatAsOf('2026-11-20')).toBe('20-11-2026');
    expect(sourceNote(steam('es-ES', true, false))).toBe('Fuente: Steam, 10-2024');
  });
});
