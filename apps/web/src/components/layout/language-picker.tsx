import { LOCALE_NAMES, LOCALES, localePath } from '@cng/shared/locales';
import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { currentLocale, t } from '../../i18n/i18n';
import './language-picker.css';

/**
 * The language menu in the header: every language by its own name, each a real link to this same
 * page in that language (so it works before the code runs, and crawlers see the alternates). A disclosure
 * (<details>): keyboard and screen readers get it for free; Escape and a tap outside close it. Choosing a
 * language remembers it (cookie and storage) so the English addresses open in it next time: one listener on the
 * document does that from the entry module's start (remember-locale.ts), so a tap before hydration counts too.
 */
export function LanguagePicker() {
  const current = currentLocale();
  // The router's basename is the language prefix, so this is the route itself (`/App`).
  const { pathname, search, hash } = useLocation();
  const ref = useRef<HTMLDetailsElement>(null);
  // The query and hash come along once hydrated: the prerendered links are the bare page (the build has no query).
  const [rest, setRest] = useState('');
  useEffect(() => setRest(`${search}${hash}`), [search, hash]);

  useEffect(() => {
    const details = ref.current;
    if (!details) return;
    const onPointerDown = (e: PointerEvent) => {
      if (details.open && !details.contains(e.target as Node)) details.open = false;
    };
    const onKeyDown = (e: KeyboardEvent) => {
      if (e.key !== 'Escape' || !details.open) return;
      // The header's own Escape handling (closing the mobile menu) waits for the next Escape.
      e.stopPropagation();
      details.open = false;
      details.querySelector('summary')?.focus();
    };
    document.addEventListener('pointerdown', onPointerDown);
    details.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      details.removeEventListener('keydown', onKeyDown);
    };
  }, []);

  return (
    <details className="language-picker" ref={ref} data-testid="language-picker">
      <summary className="language-picker__toggle">
        <svg aria-hidden="true" viewBox="0 0 24 24" width="20" height="20" focusable="false">
          <circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" strokeWidth="1.8" />
          <path
            d="M3 12h18M12 3c2.6 2.5 3.9 5.5 3.9 9s-1.3 6.5-3.9 9c-2.6-2.5-3.9-5.5-3.9-9S9.4 5.5 12 3Z"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.8"
          />
        </svg>
        <span className="visually-hidden">{t('common.language.label')} </span>
        <span lang={current}>{LOCALE_NAMES[current]}</span>
      </summary>
      <ul className="language-picker__list" aria-label={t('common.language.choose')}>
        {LOCALES.map((locale) => (
          <li key={locale}>
            <a
              href={`${localePath(locale, pathname)}${rest}`}
              hrefLang={locale}
              lang={locale}
              aria-current={locale === current ? 'true' : undefined}
            >
              {LOCALE_NAMES[locale]}
            </a>
          </li>
        ))}
      </ul>
    </details>
  );
}
