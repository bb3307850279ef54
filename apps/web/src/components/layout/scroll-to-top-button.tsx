import { useEffect, useRef } from 'react';
import { t } from '../../i18n/i18n';
import { scrollToTop } from '../../lib/scroll-to-top';
import { attachScrollTopButton } from './site-frame-controls';

/** Spec section 4: the floating button to the top, shown past 300 px (site-frame-controls.ts). */
export function ScrollToTopButton() {
  const ref = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (ref.current) attachScrollTopButton(ref.current, scrollToTop);
  }, []);
  return (
    <button
      ref={ref}
      type="button"
      className="scroll-top"
      aria-label={t('common.scrollToTop')}
      data-scroll-top=""
      hidden
    >
      <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
        <path d="M12 5l-7 7h4v7h6v-7h4z" fill="currentColor" />
      </svg>
    </button>
  );
}
