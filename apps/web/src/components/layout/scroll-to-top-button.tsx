import { useEffect, useState } from 'react';
import { t } from '../../i18n/i18n';
import { scrollToTop } from '../../lib/scroll-to-top';

/** Spec section 4: visible once the page is scrolled more than 300 px. */
export const SCROLL_BUTTON_THRESHOLD_PX = 300;

export function ScrollToTopButton() {
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const update = () => setVisible(window.scrollY > SCROLL_BUTTON_THRESHOLD_PX);
    update();
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, []);
  if (!visible) return null;
  return (
    <button type="button" className="scroll-top" onClick={scrollToTop} aria-label={t('common.scrollToTop')}>
      <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
        <path d="M12 5l-7 7h4v7h6v-7h4z" fill="currentColor" />
      </svg>
    </button>
  );
}
