import { useEffect, useId, useRef } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { site } from '../../config/site';
import { type MessageId, t } from '../../i18n/i18n';
import { LanguagePicker } from './language-picker';
import { attachMenu, type MenuControl } from './site-frame-controls';

const NAV_LINKS = [
  { to: '/', label: 'common.nav.home' },
  { to: '/about', label: 'common.nav.about' },
  { to: '/App', label: 'common.nav.app' },
  { to: '/contact', label: 'common.nav.contact' },
  { to: '/pricing', label: 'common.nav.pricing' },
] as const satisfies readonly { to: string; label: MessageId }[];

/**
 * Top bar: logo home link and the five main links; below 760 px they collapse behind a toggle. The open menu
 * closes on a tap outside it, on Escape (focus back on the toggle), on a link and on any navigation, so it
 * never covers the page that opens next. Its behaviour is plain DOM (site-frame-controls.ts), so it answers a
 * tap before the page has hydrated.
 */
export function SiteHeader() {
  const menuId = useId();
  const headerRef = useRef<HTMLElement>(null);
  const menu = useRef<MenuControl | null>(null);
  const { key } = useLocation();
  const shownKey = useRef(key);

  useEffect(() => {
    if (headerRef.current) menu.current = attachMenu(headerRef.current);
  }, []);

  // Any navigation closes the menu (a link in the page, the browser's back button); hydration keeps what the
  // visitor opened on the prerendered page.
  useEffect(() => {
    if (shownKey.current === key) return;
    shownKey.current = key;
    menu.current?.close();
  }, [key]);

  return (
    <header className="site-header" ref={headerRef}>
      <div className="container site-header__inner">
        <Link to="/" className="brand" aria-label={t('common.nav.brandHome', { name: site.name })}>
          <img src="/favicon.svg" alt="" width="32" height="32" />
          <span>{site.name}</span>
        </Link>
        <button
          type="button"
          className="menu-toggle"
          aria-expanded="false"
          aria-controls={menuId}
          data-menu-toggle=""
        >
          <span className="menu-toggle__bars" aria-hidden="true" />
          <span className="visually-hidden menu-toggle__open">{t('common.nav.openMenu')}</span>
          <span className="visually-hidden menu-toggle__close">{t('common.nav.closeMenu')}</span>
        </button>
        <nav id={menuId} className="site-nav" aria-label={t('common.nav.label')} data-menu="">
          <ul>
            {NAV_LINKS.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} end={link.to === '/'}>
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
