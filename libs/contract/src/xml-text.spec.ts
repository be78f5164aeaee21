import { stripXmlForbidden } from './xml-text.js';

describe('stripXmlForbidden', () => {
  it('drops what XML 1.0 forbids and keeps the rest, astral characters included', () => {
    const hostile = `A\u0001B\u0008C\u001fD\uffffE\ufffeF\ud800G\udc00H`;
    expect(stripXmlForbidden(hostile)).toBe('ABCDEFGH');
    const fine = 'Título\tcon\nlíneas\r y 🎮 y \ue000 y ¿qué?';
    expect(stripXmlForbidden(fine)).toBe(fine);
  });
});
