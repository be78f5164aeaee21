import { spanishVerdict } from './spanish-verdict.js';

const entry = (platform: string | null, locale: string, text: boolean | null, audio: boolean | null) => ({
  platform,
  locale,
  text,
  audio,
});

describe('spanishVerdict', () => {
  it('answers yes when some Spain entry says true, whatever else is known', () => {
    expect(spanishVerdict(['PC', 'PlayStation 5'], [entry('pc', 'es-ES', true, false)])).toEqual({
      text: 'yes',
      audio: 'unknown',
    });
  });

  it('answers no only when false entries cover every platform of the game', () => {
    expect(spanishVerdict(['PC'], [entry('pc', 'es-ES', false, false)])).toEqual({ text: 'no', audio: 'no' });
    expect(spanishVerdict(['PC', 'Nintendo Switch'], [entry(null, 'es-ES', false, false)])).toEqual({
      text: 'no',
      audio: 'no',
    });
  });

  it('answers unknown where a platform is not covered, a value is null or nothing is known', () => {
    expect(spanishVerdict(['PC', 'PlayStation 5'], [entry('pc', 'es-ES', false, false)])).toEqual({
      text: 'unknown',
      audio: 'unknown',
    });
    expect(spanishVerdict(['PC'], [entry('pc', 'es-ES', null, null)])).toEqual({
      text: 'unknown',
      audio: 'unknown',
    });
    expect(spanishVerdict([], [entry(null, 'es-ES', false, false)])).toEqual({
      text: 'unknown',
      audio: 'unknown',
    });
    expect(spanishVerdict(['Xbox 360'], [entry('pc', 'es-ES', false, false)]).text).toBe('unknown');
  });

  it('does not read Latin American Spanish as castellano', () => {
    expect(spanishVerdict(['PC'], [entry('pc', 'es-419', true, true)])).toEqual({
      text: 'unknown',
      audio: 'unknown',
    });
  });
});
