/** What an outlet's web address tells about it when the registry does not know the outlet. */
export interface OutletOrigin {
  domain: string | null;
  country: string | null;
  language: string | null;
}

// Country-code top-level domains whose press writes in one language; generic ones (.com, .net, ...)
// and multilingual countries say nothing.
const TLD_ORIGIN: Record<string, [country: string, language: string]> = {
  es: ['ES', 'es'],
  mx: ['MX', 'es'],
  ar: ['AR', 'es'],
  cl: ['CL', 'es'],
  co: ['CO', 'es'],
  pe: ['PE', 'es'],
  uy: ['UY', 'es'],
  ve: ['VE', 'es'],
  ec: ['EC', 'es'],
  bo: ['BO', 'es'],
  py: ['PY', 'es'],
  do: ['DO', 'es'],
  cr: ['CR', 'es'],
  gt: ['GT', 'es'],
  hn: ['HN', 'es'],
  sv: ['SV', 'es'],
  ni: ['NI', 'es'],
  pa: ['PA', 'es'],
  cu: ['CU', 'es'],
  fr: ['FR', 'fr'],
  de: ['DE', 'de'],
  at: ['AT', 'de'],
  it: ['IT', 'it'],
  pt: ['PT', 'pt'],
  br: ['BR', 'pt'],
  uk: ['GB', 'en'],
  ie: ['IE', 'en'],
  au: ['AU', 'en'],
  nz: ['NZ', 'en'],
  nl: ['NL', 'nl'],
  pl: ['PL', 'pl'],
  se: ['SE', 'sv'],
  dk: ['DK', 'da'],
  no: ['NO', 'no'],
  fi: ['FI', 'fi'],
  cz: ['CZ', 'cs'],
  sk: ['SK', 'sk'],
  gr: ['GR', 'el'],
  ru: ['RU', 'ru'],
  tr: ['TR', 'tr'],
  jp: ['JP', 'ja'],
  kr: ['KR', 'ko'],
};

/** The host of a review link (without 'www.') and, from its country-code domain, country and language. */
export function outletOriginFromLink(link: string | null | undefined): OutletOrigin {
  let host: string;
  try {
    host = new URL(link ?? '').hostname.toLowerCase();
  } catch {
    return { domain: null, country: null, language: null };
  }
  if (!host) return { domain: null, country: null, language: null };
  const domain = host.replace(/^www\./, '').slice(0, 200);
  const origin = TLD_ORIGIN[domain.slice(domain.lastIndexOf('.') + 1)];
  return { domain, country: origin?.[0] ?? null, language: origin?.[1] ?? null };
}
