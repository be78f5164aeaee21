export interface SiteConfig {
  siteName: string;
  contactEmail: string;
}

declare global {
  interface Window {
    /** Injected by the server into index.html when SITE_NAME / CONTACT_EMAIL are set. */
    __VEREDICTO__?: Partial<SiteConfig>;
  }
}

export { DEFAULT_DESCRIPTION } from '@veredicto/contract';

export function getSiteConfig(): SiteConfig {
  const injected = typeof window === 'undefined' ? undefined : window.__VEREDICTO__;
  return {
    siteName: injected?.siteName || 'Veredicto',
    contactEmail: injected?.contactEmail || 'contacto@veredicto.es',
  };
}
