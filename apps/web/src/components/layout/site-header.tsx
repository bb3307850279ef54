import { useId, useState } from 'react';
import { Link, NavLink } from 'react-router';
import { site } from '../../config/site';

const NAV_LINKS = [
  { to: '/', label: 'Home' },
  { to: '/about', label: 'About' },
  { to: '/App', label: 'App' },
  { to: '/contact', label: 'Contact' },
  { to: '/pricing', label: 'Pricing' },
] as const;

/** Top bar: logo home link and the five main links; below 760 px they collapse behind a toggle. */
export function SiteHeader() {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const close = () => setOpen(false);
  return (
    <header className="site-header">
      <div className="container site-header__inner">
        <Link to="/" className="brand" onClick={close} aria-label={`${site.name} home`}>
          <img src="/favicon.svg" alt="" width="32" height="32" />
          <span>{site.name}</span>
        </Link>
        <button
          type="button"
          className="menu-toggle"
          aria-expanded={open}
          aria-controls={menuId}
          onClick={() => setOpen((v) => !v)}
        >
          <span className="menu-toggle__bars" aria-hidden="true" />
          <span className="visually-hidden">{open ? 'Close menu' : 'Open menu'}</span>
        </button>
        <nav id={menuId} className={`site-nav${open ? ' is-open' : ''}`} aria-label="Main">
          <ul>
            {NAV_LINKS.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} end={link.to === '/'} onClick={close}>
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </header>
  );
}
