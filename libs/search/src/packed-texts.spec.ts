import { PackedTexts } from './packed-texts.js';
import { random } from '../../../bench/search-queries.js';

describe('PackedTexts', () => {
  it('compares each text in place as the string methods compare the text', () => {
    const next = random(5);
    const letters = 'ab c';
    const text = () =>
      Array.from({ length: Math.floor(next() * 7) }, () => letters[Math.floor(next() * letters.length)]).join(
        '',
      );
    const texts = Array.from({ length: 300 }, text);
    const packed = new PackedTexts(texts);
    expect(packed.count).toBe(300);
    let [equal, starting, including] = [0, 0, 0];
    for (let round = 0; round < 3_000; round++) {
      const at = Math.floor(next() * texts.length);
      const probe = text();
      expect(packed.text(at)).toBe(texts[at]);
      expect(packed.length(at)).toBe(texts[at].length);
      expect(packed.equals(at, probe)).toBe(texts[at] === probe);
      expect(packed.startsWith(at, probe)).toBe(texts[at].startsWith(probe));
      expect(packed.includes(at, probe)).toBe(texts[at].includes(probe));
      expect(Math.sign(packed.compare(at, probe))).toBe(texts[at] < probe ? -1 : texts[at] > probe ? 1 : 0);
      if (texts[at] === probe) equal++;
      if (texts[at].startsWith(probe)) starting++;
      if (texts[at].includes(probe)) including++;
    }
    // Both answers of each comparison were seen many times.
    expect(Math.min(equal, starting, including)).toBeGreaterThan(50);
    expect(Math.max(equal, starting, including)).toBeLessThan(2_900);
  });

  it('stands a NUL for a character beyond Latin-1, which no typed text matches', () => {
    const packed = new PackedTexts(['caf\u20ac bar', 'ok']);
    expect(packed.text(0)).toBe('caf\u0000 bar');
    expect(packed.includes(0, ' bar')).toBe(true);
    expect(packed.startsWith(0, 'caf')).toBe(true);
    expect(packed.startsWith(0, 'cafe')).toBe(false);
    expect(packed.text(1)).toBe('ok');
  });
});
