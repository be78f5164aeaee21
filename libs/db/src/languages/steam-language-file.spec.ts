import { languageFileStatements, type LanguageFileRecord } from './steam-language-file.js';

const line: LanguageFileRecord = {
  igdbId: 119133,
  source: 'steam',
  sourceId: '1245620',
  platform: 'PC',
  languages: {
    'es-ES': { text: true, interface: null, subtitles: null, audio: false },
    'es-419': { text: false, interface: false, subtitles: false, audio: false },
  },
  asOf: '2024-10',
};

describe('languageFileStatements', () => {
  it('reads a line as two PC statements of Steam with its app id and month', () => {
    expect(languageFileStatements(line)).toEqual([
      {
        igdbId: 119133,
        platform: 'pc',
        locale: 'es-ES',
        text: true,
        audio: false,
        interface: null,
        subtitles: null,
        source: 'steam',
        sourceRef: '1245620',
        asOf: '2024-10',
      },
      {
        igdbId: 119133,
        platform: 'pc',
        locale: 'es-419',
        text: false,
        audio: false,
        interface: false,
        subtitles: false,
        source: 'steam',
        sourceRef: '1245620',
        asOf: '2024-10',
      },
    ]);
  });

  it('skips a line of a platform the site does not know', () => {
    expect(languageFileStatements({ ...line, platform: 'Amiga' })).toEqual([]);
  });
});
