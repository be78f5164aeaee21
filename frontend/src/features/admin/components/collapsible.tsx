import { useId, useState, type ReactNode } from 'react';

interface CollapsibleProps {
  title: string;
  level?: 2 | 3;
  defaultOpen?: boolean;
  children: ReactNode;
}

/** A heading whose button shows or hides its content (content stays mounted, so form state survives). */
export function Collapsible({ title, level = 2, defaultOpen = false, children }: CollapsibleProps) {
  const [open, setOpen] = useState(defaultOpen);
  const bodyId = useId();
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <section className={`collapsible collapsible--level-${level} ${open ? 'is-open' : ''}`.trim()}>
      <Heading className="collapsible__heading">
        <button
          type="button"
          className="collapsible__toggle"
          aria-expanded={open}
          aria-controls={bodyId}
          onClick={() => setOpen((value) => !value)}
        >
          {title}
          <svg className="collapsible__chevron" viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
            <path
              d="M6 9l6 6 6-6"
              fill="none"
              stroke="currentColor"
              strokeWidth="2.4"
              strokeLinecap="round"
            />
          </svg>
        </button>
      </Heading>
      <div id={bodyId} className="collapsible__body" hidden={!open}>
        {children}
      </div>
    </section>
  );
}
