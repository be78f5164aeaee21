import { changeAlerts, firstVerdictAlerts, releaseAlert, spanishAlerts } from './alert-builder.js';

const game = {
  igdbId: 1942,
  platforms: ['PC', 'PlayStation 5'],
  avRatings: 87.4,
  spanishPressAverage: null,
  spanishAudio: 'unknown' as const,
  spanishText: 'yes' as const,
};

describe('alert builder', () => {
  it('says a delay, an advance and a first date, each keyed by its change', () => {
    const [delay] = changeAlerts(
      '12',
      1942,
      { releaseDate: '2027-03-14', releaseDatePrecision: 'day' },
      { releaseDate: '2027-06-02', releaseDatePrecision: 'day' },
      game.platforms,
    );
    expect(delay).toEqual({
      key: 'change-12-date',
      kind: 'date-change',
      gameIgdbId: 1942,
      text: 'Retrasado: 14-03-2027 → 02-06-2027',
      platforms: ['pc', 'ps5'],
    });
    expect(
      changeAlerts('13', 1942, { releaseDate: '2027-06-02' }, { releaseDate: '2027-03-14' }, [])[0].text,
    ).toBe('Adelantado: 02-06-2027 → 14-03-2027');
    expect(
      changeAlerts(
        '14',
        1942,
        { releaseDate: null, releaseDatePrecision: null },
        { releaseDate: '2027-12-31', releaseDatePrecision: 'year' },
        [],
      )[0].text,
    ).toBe('Ya tiene fecha: 2027');
  });

  it('says a port only for added platforms, concerning those alone', () => {
    expect(
      changeAlerts('15', 1942, { platforms: ['PC'] }, { platforms: ['PC', 'Nintendo Switch 2'] }, []),
    ).toEqual([
      {
        key: 'change-15-platforms',
        kind: 'new-platform',
        gameIgdbId: 1942,
        text: 'Llega a Nintendo Switch 2',
        platforms: ['switch-2'],
      },
    ]);
    expect(
      changeAlerts('16', 1942, { platforms: ['PC', 'PlayStation 5'] }, { platforms: ['PC'] }, []),
    ).toEqual([]);
  });

  it('says a first verdict once per game, and Spanish texts when known', () => {
    expect(firstVerdictAlerts(game, { firstCritic: true })).toEqual([
      expect.objectContaining({ key: 'critic-score-1942', text: 'Ya tiene nota de la crítica: 87' }),
    ]);
    expect(firstVerdictAlerts(game, {})).toEqual([]);
    expect(spanishAlerts(game)).toEqual([
      expect.objectContaining({ key: 'spanish-text-1942', text: 'Confirmado: textos en castellano' }),
    ]);
    expect(spanishAlerts({ ...game, spanishText: 'unknown' })).toEqual([]);
  });

  it("keys 'Sale hoy' by game and day", () => {
    expect(releaseAlert(1942, '2027-06-02', ['PC'])).toEqual({
      key: 'release-1942-2027-06-02',
      kind: 'release',
      gameIgdbId: 1942,
      text: 'Sale hoy: 02-06-2027',
      platforms: ['pc'],
    });
  });
});
