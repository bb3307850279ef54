import type { ComponentProps, MouseEvent } from 'react';
import { createPath, parsePath } from './path';
import { useHref, useLocation, useNavigate } from './router';

export interface LinkProps extends Omit<ComponentProps<'a'>, 'href'> {
  /** A route of this site (`/App`, `/stations/42`): the basename (language prefix) is added. */
  to: string;
  /** Navigation state (SMOOTH_TO_TOP): the new location carries it. */
  state?: unknown;
  /** Replace the current history entry instead of adding one; a link to the current address always does. */
  replace?: boolean;
}

/** A plain left click with no modifier: the one a link handles itself (others open tabs, windows, downloads). */
const isPlainClick = (e: MouseEvent<HTMLAnchorElement>, target: string | undefined) =>
  e.button === 0 && (!target || target === '_self') && !(e.metaKey || e.altKey || e.ctrlKey || e.shiftKey);

/** A link to a route: a real `<a href>` (works before the code runs, and in a new tab), navigated in place. */
export function Link({ to, state, replace, onClick, target, ...rest }: LinkProps) {
  const href = useHref(to);
  const navigate = useNavigate();
  const location = useLocation();
  return (
    <a
      {...rest}
      href={href}
      target={target}
      onClick={(e) => {
        onClick?.(e);
        if (e.defaultPrevented || !isPlainClick(e, target)) return;
        e.preventDefault();
        navigate(to, { state, replace: replace ?? createPath(location) === createPath(parsePath(to)) });
      }}
    />
  );
}

export interface NavLinkProps extends LinkProps {
  /** Active only on this very route, not below it (Home: `/` would otherwise be active everywhere). */
  end?: boolean;
}

/** True when the current route is `to` or (unless `end`) a route below it; letter case does not matter. */
export function isActivePath(pathname: string, to: string, end = false): boolean {
  const current = pathname.toLowerCase();
  let target = parsePath(to).pathname.toLowerCase();
  if (target !== '/' && target.endsWith('/')) target = target.slice(0, -1);
  if (current === target || current === `${target}/`) return true;
  return !end && target !== '/' && current.startsWith(`${target}/`);
}

/** A navigation link: class `active` and `aria-current="page"` while its route is the current one. */
export function NavLink({ end, className, ...props }: NavLinkProps) {
  const active = isActivePath(useLocation().pathname, props.to, end);
  const classes = [className, active ? 'active' : undefined].filter(Boolean).join(' ');
  return <Link {...props} className={classes || undefined} aria-current={active ? 'page' : undefined} />;
}
