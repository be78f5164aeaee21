import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { UserIcon } from './icons';

// The menu's links are fetched when the reader first points at, focuses or opens the menu: the first paint
// shows only the button.
const loadPanel = () => import('./user-menu-panel');
const UserMenuPanel = lazy(async () => ({ default: (await loadPanel()).UserMenuPanel }));

/** The user icon's disclosure menu: log in / register, or the account links and logout. */
export function UserMenu() {
  const [open, setOpen] = useState(false);
  // Once opened, the links stay mounted (hidden) like the rest of the page.
  const [opened, setOpened] = useState(false);
  const containerRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: MouseEvent) => {
      if (!containerRef.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      buttonRef.current?.focus();
    };
    document.addEventListener('mousedown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('mousedown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open]);

  const close = () => setOpen(false);

  return (
    <div className="user-menu" ref={containerRef}>
      <button
        ref={buttonRef}
        type="button"
        className="icon-button"
        aria-label="Menú de la cuenta"
        aria-expanded={open}
        aria-controls={panelId}
        onPointerEnter={() => void loadPanel().catch(() => undefined)}
        onFocus={() => void loadPanel().catch(() => undefined)}
        onClick={() => {
          setOpened(true);
          setOpen((value) => !value);
        }}
      >
        <UserIcon />
      </button>
      <div id={panelId} className="user-menu__panel" hidden={!open}>
        {opened ? (
          <Suspense fallback={null}>
            <UserMenuPanel close={close} />
          </Suspense>
        ) : null}
      </div>
    </div>
  );
}
