import { outletOriginFromLink } from './outlet-domain.js';

describe('outletOriginFromLink', () => {
  it('reads country and language from a country-code domain', () => {
    expect(outletOriginFromLink('https://www.vandal.es/analisis/1')).toEqual({
      domain: 'vandal.es',
      country: 'ES',
      language: 'es',
    });
    expect(outletOriginFromLink('https://www.levelup.com.mx/x')).toEqual({
      domain: 'levelup.com.mx',
      country: 'MX',
      language: 'es',
    });
    expect(outletOriginFromLink('https://news.example.co.uk/a')).toMatchObject({
      country: 'GB',
      language: 'en',
    });
  });

  it('keeps the domain but no country for generic domains', () => {
    expect(outletOriginFromLink('https://www.ign.com/articles/x')).toEqual({
      domain: 'ign.com',
      country: null,
      language: null,
    });
  });

  it('answers nothing for a missing or broken link', () => {
    expect(outletOriginFromLink(null)).toEqual({ domain: null, country: null, language: null });
    expect(outletOriginFromLink('no es una url')).toEqual({ domain: null, country: null, language: null });
  });
});
