import { describe, expect, it } from 'vitest';
import { languageClaimText } from './language-reports-panel';

const report = {
  id: 1,
  igdbID: 18,
  gameTitle: 'Max Payne',
  reporter: 'ana',
  platform: 'ps2',
  locale: 'es-ES' as const,
  text: null,
  audio: true,
  interface: null,
  subtitles: null,
  note: null,
  createdAt: '2026-11-27T08:00:00.000Z',
};

describe('the operator’s line for a language report', () => {
  it('names the platform and locale and says what was reported, and what was not', () => {
    expect(languageClaimText(report)).toBe('PlayStation 2 · castellano · voces: sí · textos: no lo sabe');
    expect(languageClaimText({ ...report, locale: 'es-419', audio: false, text: true })).toBe(
      'PlayStation 2 · español latino · voces: no · textos: sí',
    );
  });
});
