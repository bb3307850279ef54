import { useEffect, useId, useRef, useState } from 'react';
import { site } from '../../config/site';
import { type MessageId, t } from '../../i18n/i18n';
import { Link, NavLink, useLocation } from '../../lib/router';
import { LanguagePicker } from './language-picker';

const NAV_LINKS = [
  { to: '/', label: 'common.nav.home' },
  { to: '/about', label: 'common.nav.about' },
  { to: '/App', label: 'common.nav.app' },
  { to: '/contact', label: 'common.nav.contact' },
  { to: '/pricing', label: 'common.nav.pricing' },
] as const satisfies readonly { to: string; label: MessageId }[];

/**
 * Top bar: logo home link and the five main links; below 760 px they collapse behind a toggle. The open menu
 * closes on a tap outside it, on Escape (focus back on the toggle) and on any navigation, so it never covers
 * the page that opens next.
 */
export function SiteHeader() {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const headerRef = useRef<HTMLElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const { pathname, search, hash } = useLocation();
  const close = () => setOpen(false);

  // Any navigation closes the menu: a nav link, a link in the page, the browser's back button.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the location parts are the trigger, not read.
  useEffect(() => {
    setOpen(false);
  }, [pathname, search, hash]);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (e: PointerEvent) => {
      if (!headerRef.current?.contains(e.target as Node)) setOpen(false);
    };
    const onKeyDown = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setOpen(false);
      toggleRef.current?.focus();
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open]);

  return (
    <header className="site-header" ref={headerRef}>
      <div className="container site-header__inner">
        <Link
          to="/"
          className="brand"
          onClick={close}
          aria-label={t('common.nav.brandHome', { name: site.name })}
        >
          <img src="/favicon.svg" alt="" width="32" height="32" />
          <span>{site.name}</span>
        </Link>
        <button
          ref={toggleRef}
          type="button"
          className={`menu-toggle${open ? ' is-open' : ''}`}
          aria-expanded={open}
          aria-controls={menuId}
          onClick={() => setOpen((v) => !v)}
        >
          <span className="menu-toggle__bars" aria-hidden="true" />
          <span className="visually-hidden">
            {open ? t('common.nav.closeMenu') : t('common.nav.openMenu')}
          </span>
        </button>
        <nav id={menuId} className={`site-nav${open ? ' is-open' : ''}`} aria-label={t('common.nav.label')}>
          <ul>
            {NAV_LINKS.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} end={link.to === '/'} onClick={close}>
                  {t(link.label)}
                </NavLink>
              </li>
            ))}
          </ul>
          <LanguagePicker />
        </nav>
      </div>
    </header>
  );
}
