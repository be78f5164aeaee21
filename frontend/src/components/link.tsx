import type { AnchorHTMLAttributes, MouseEvent, Ref } from 'react';
import { useHref, useLinkClickHandler, useLocation, useResolvedPath, type To } from 'react-router-dom';

export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  to: To;
  replace?: boolean;
  state?: unknown;
  ref?: Ref<HTMLAnchorElement>;
}

/**
 * An in-app link: React Router's navigation on a plain click, the browser's own on a modified click (new tab,
 * download). Built on the router's hooks rather than its <Link>, whose prefetching for framework mode (route
 * modules, data requests) would add some 2 KB of gzipped JavaScript the site never runs to the first paint.
 */
export function Link({ to, replace, state, target, onClick, ...rest }: LinkProps) {
  const href = useHref(to);
  const navigate = useLinkClickHandler<HTMLAnchorElement>(to, { replace, state, target });
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (!event.defaultPrevented) navigate(event);
  };
  return <a {...rest} href={href} target={target} onClick={handleClick} />;
}

export interface NavLinkProps extends LinkProps {
  /** Active only on this exact path, not on the paths under it. */
  end?: boolean;
}

/** A link marked `active` (class and aria-current="page") while its page, or a page under it, is shown. */
export function NavLink({ end = false, className, ...rest }: NavLinkProps) {
  const target = useResolvedPath(rest.to).pathname.toLowerCase();
  const current = useLocation().pathname.toLowerCase();
  const base = target !== '/' && target.endsWith('/') ? target.length - 1 : target.length;
  const active = current === target || (!end && current.startsWith(target) && current.charAt(base) === '/');
  return (
    <Link
      {...rest}
      className={[className, active ? 'active' : null].filter(Boolean).join(' ') || undefined}
      aria-current={active ? 'page' : undefined}
    />
  );
}
