import { igdbLanguageStatements, type IgdbLanguageSupport } from './igdb-language-supports.js';

/** IGDB API v4's languages and support types, as `fields language_supports.language.*,...` expands them. */
const SPAIN = { id: 26, locale: 'es-ES', name: 'Spanish (Spain)', native_name: 'Español (España)' };
const MEXICO = { id: 27, locale: 'es-MX', name: 'Spanish (Mexico)', native_name: 'Español (México)' };
const ENGLISH = { id: 7, locale: 'en-US', name: 'English', native_name: 'English (US)' };
const AUDIO = { id: 1, name: 'Audio' };
const SUBTITLES = { id: 2, name: 'Subtitles' };
const INTERFACE = { id: 3, name: 'Interface' };

const UPDATED = Date.UTC(2025, 3, 24) / 1000;
const support = (
  id: number,
  language: IgdbLanguageSupport['language'],
  type: IgdbLanguageSupport['language_support_type'],
  updatedAt = UPDATED,
): IgdbLanguageSupport => ({ id, language, language_support_type: type, updated_at: updatedAt });

describe("IGDB's language_supports as igdb entries", () => {
  it('says Spanish texts without Spanish voices when only the voices list lacks Spanish', () => {
    const statements = igdbLanguageStatements(
      119_133,
      [
        support(1, ENGLISH, AUDIO),
        support(2, ENGLISH, SUBTITLES),
        support(3, ENGLISH, INTERFACE),
        support(4, SPAIN, SUBTITLES),
        support(5, SPAIN, INTERFACE, UPDATED + 86_400),
        support(6, MEXICO, INTERFACE),
      ],
      '2026-11-27',
    );
    expect(statements).toEqual([
      {
        igdbId: 119_133,
        platform: null,
        locale: 'es-ES',
        text: true,
        audio: false,
        interface: true,
        subtitles: true,
        source: 'igdb',
        sourceRef: 'igdb:119133',
        asOf: '2025-04-25',
      },
      expect.objectContaining({
        locale: 'es-419',
        text: true,
        audio: false,
        interface: true,
        subtitles: false,
      }),
    ]);
  });

  it('reads Spanish voices, and leaves unknown a kind of support the list never names', () => {
    const [spain, latin] = igdbLanguageStatements(
      1,
      [support(1, SPAIN, AUDIO), support(2, ENGLISH, AUDIO)],
      'x',
    );
    expect(spain).toMatchObject({ audio: true, text: null, interface: null, subtitles: null });
    expect(latin).toMatchObject({ audio: false, text: null, interface: null, subtitles: null });
  });

  it('says no Spanish where the list is there and Spanish absent from it', () => {
    const statements = igdbLanguageStatements(
      2,
      [support(1, ENGLISH, INTERFACE), support(2, ENGLISH, SUBTITLES)],
      'x',
    );
    expect(statements.map(({ locale, text, audio }) => ({ locale, text, audio }))).toEqual([
      { locale: 'es-ES', text: false, audio: null },
      { locale: 'es-419', text: false, audio: null },
    ]);
  });

  it('gives nothing without a list, or with rows whose objects were not expanded', () => {
    expect(igdbLanguageStatements(3, undefined, '2026-11-27')).toEqual([]);
    expect(igdbLanguageStatements(3, [], '2026-11-27')).toEqual([]);
    expect(
      igdbLanguageStatements(3, [{ id: 9, language: 26, language_support_type: 1 }], '2026-11-27'),
    ).toEqual([]);
  });

  it('falls back on the English name without a locale, and on the import day without updated_at', () => {
    const [spain, latin] = igdbLanguageStatements(
      4,
      [
        { language: { name: 'Spanish (Spain)' }, language_support_type: { name: 'Audio' } },
        { language: { name: 'Spanish (Mexico)' }, language_support_type: { name: 'interface' } },
      ],
      '2026-11-27',
    );
    expect(spain).toMatchObject({ audio: true, interface: false, asOf: '2026-11-27' });
    expect(latin).toMatchObject({ audio: false, interface: true, text: true });
    expect(spain).toMatchObject({ text: null, subtitles: null });
  });
});
