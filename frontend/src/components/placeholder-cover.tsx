/** Stands in for a missing or broken cover image (drawn inline, so no extra request and no data: URL). */
export function PlaceholderCover({ alt, className }: { alt: string; className?: string }) {
  const a11y = alt ? { role: 'img', 'aria-label': alt } : { 'aria-hidden': true };
  return (
    <div className={`cover-placeholder ${className ?? ''}`} {...a11y}>
      <svg viewBox="0 0 64 40" width="64" height="40" aria-hidden="true" focusable="false">
        <path
          d="M16 6h32c7 0 12 6 13 14l2 9c1 5-3 9-8 7l-9-6H18l-9 6c-5 2-9-2-8-7l2-9C4 12 9 6 16 6z"
          fill="currentColor"
        />
        <path d="M15 14v10M10 19h10" stroke="#0e1117" strokeWidth="3" strokeLinecap="round" />
        <circle cx="44" cy="16" r="2.6" fill="#0e1117" />
        <circle cx="50" cy="22" r="2.6" fill="#0e1117" />
      </svg>
    </div>
  );
}
