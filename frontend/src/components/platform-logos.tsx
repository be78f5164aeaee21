import type { ReactNode } from 'react';
import { PLATFORM_FAMILIES, platformFamily, type PlatformFamily } from '@veredicto/contract';
import { normalizePlatforms } from '../lib/format';

const ICONS: Record<PlatformFamily, ReactNode> = {
  // The four face-button symbols.
  playstation: (
    <g fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinejoin="round">
      <path d="M12 2.5l3.4 5.8H8.6z" />
      <circle cx="18.3" cy="12" r="3" />
      <path d="M9.2 12.4l-4.6 4.6M4.6 12.4l4.6 4.6" strokeLinecap="round" />
      <rect x="9.4" y="15.6" width="5.2" height="5.2" />
    </g>
  ),
  xbox: (
    <g fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round">
      <circle cx="12" cy="12" r="9.5" />
      <path d="M7.5 6.8c3 2.3 6 6.8 8.8 11.2M16.5 6.8c-3 2.3-6 6.8-8.8 11.2" />
    </g>
  ),
  nintendo: (
    <g fill="currentColor">
      <path d="M10.6 3H7.5A4.5 4.5 0 0 0 3 7.5v9A4.5 4.5 0 0 0 7.5 21h3.1zM8.6 5.3v13.4H7.5a2.3 2.3 0 0 1-2.3-2.3V7.6a2.3 2.3 0 0 1 2.3-2.3z" />
      <circle cx="7.4" cy="8.4" r="1.6" />
      <path d="M13.4 3h3.1A4.5 4.5 0 0 1 21 7.5v9a4.5 4.5 0 0 1-4.5 4.5h-3.1z" />
      <circle cx="17" cy="14.3" r="1.7" fill="#0e1117" />
    </g>
  ),
  windows: (
    <g fill="currentColor">
      <path d="M3 5.2l7.6-1.1v7.3H3zM11.8 3.9L21 2.5v8.9h-9.2zM3 12.6h7.6v7.3L3 18.8zM11.8 12.6H21v8.9l-9.2-1.4z" />
    </g>
  ),
};

const FAMILY_NAMES: Record<PlatformFamily, string> = {
  playstation: 'PlayStation',
  xbox: 'Xbox',
  nintendo: 'Nintendo Switch',
  windows: 'PC (Windows)',
};

/** One logo per platform family (PlayStation, Xbox, Nintendo, Windows), named after the exact platforms. */
export function PlatformLogos({ platforms }: { platforms: readonly string[] | string | null | undefined }) {
  const names = normalizePlatforms(platforms);
  const byFamily = new Map<PlatformFamily, string[]>();
  for (const name of names) {
    const family = platformFamily(name);
    if (family) byFamily.set(family, [...(byFamily.get(family) ?? []), name]);
  }
  if (byFamily.size === 0) return null;
  return (
    <ul className="platform-logos" aria-label="Plataformas">
      {PLATFORM_FAMILIES.filter((family) => byFamily.has(family)).map((family) => {
        const label = byFamily.get(family)?.join(', ') || FAMILY_NAMES[family];
        return (
          <li key={family} className={`platform-logo platform-logo--${family}`} title={label}>
            <svg viewBox="0 0 24 24" width="20" height="20" role="img" aria-label={label} focusable="false">
              {ICONS[family]}
            </svg>
          </li>
        );
      })}
    </ul>
  );
}
