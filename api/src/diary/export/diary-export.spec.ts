import { readImportFile } from '../import/import-file.js';
import { gamesCsv, neutraliseCell } from './diary-export.service.js';

describe('the export CSV against formula injection (OWASP)', () => {
  it('starts a cell a spreadsheet would run with an apostrophe, and the import reads the title back', () => {
    expect(
      ['=HYPERLINK("http://x")', '+cmd', '-2+3', '@SUM(A1)', '\tx', '\rx', 'Hades'].map(neutraliseCell),
    ).toEqual(['\'=HYPERLINK("http://x")', "'+cmd", "'-2+3", "'@SUM(A1)", "'\tx", "'\rx", 'Hades']);
    const title = '=HYPERLINK("http://malo.example","Haz clic")';
    const csv = gamesCsv([
      {
        igdbId: 7,
        title,
        status: 'completed',
        platform: '@PC',
        startedAt: null,
        finishedAt: null,
        hours: null,
        score: 80,
      },
    ]);
    expect(csv).toContain(`"'=HYPERLINK(""http://malo.example"",""Haz clic"")"`);
    expect(csv).toContain("'@PC");
    const [row] = readImportFile(Buffer.from(csv, 'utf8')).rows;
    expect([row.title, row.platform, row.rating]).toEqual([title, '@PC', 80]);
  });
});
