import { useEffect } from 'react';
import { useLocation, useNavigationType } from '../lib/router';
import { prefersReducedMotion, wantsSmoothToTop } from '../lib/scroll-to-top';

/**
 * New pages open at the top (links and redirects); back/forward keeps the browser's own scroll restoration.
 * It is the only scroll a navigation makes: a footer link used to start a smooth scroll on click as well, and
 * under load the compositor's last step of that animation (12 px) landed after this reset.
 */
export function useScrollReset(): void {
  const { key, hash, state } = useLocation();
  const navigationType = useNavigationType();
  const smooth = wantsSmoothToTop(state);
  useEffect(() => {
    // Runs once per navigation (each has its own location key).
    if (!key || navigationType === 'POP' || hash) return;
    window.scrollTo({ top: 0, left: 0, behavior: smooth && !prefersReducedMotion() ? 'smooth' : 'instant' });
  }, [key, hash, navigationType, smooth]);
}
