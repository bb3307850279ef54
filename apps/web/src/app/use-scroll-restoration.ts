import { useEffect, useLayoutEffect } from 'react';
import { useLocation, useNavigationType } from 'react-router';
import { prefersReducedMotion, wantsSmoothToTop } from '../lib/scroll-to-top';
import { readJson, writeJson } from '../lib/storage';

/** sessionStorage key of the scroll positions, by history entry (location key): they outlive a reload. */
const POSITIONS_KEY = 'cng.scroll.v1';
/** Positions kept: the entries a driver can reach with back and forward in one session. */
const MAX_POSITIONS = 50;

let positions: Record<string, number> | null = null;

function readPositions(): Record<string, number> {
  positions ??= (readJson('session', POSITIONS_KEY) as Record<string, number> | null) ?? {};
  return positions;
}

function savePositions() {
  const all = readPositions();
  const keys = Object.keys(all);
  for (const key of keys.slice(0, Math.max(0, keys.length - MAX_POSITIONS))) delete all[key];
  writeJson('session', POSITIONS_KEY, all);
}

/**
 * Scroll restoration for React Router's declarative BrowserRouter (its own ScrollRestoration needs the data
 * router, ADR 0028). A new page (link, redirect) opens at the top, or at its `#fragment`; a page reached by back
 * or forward returns to where it was left, once its content is in the document. A footer link glides to the top
 * instead (SMOOTH_TO_TOP, spec section 2). The browser's own restoration is off: it ran before the previous page
 * was back, and clamped a long page's position to the shorter page still shown.
 */
export function useScrollRestoration(): void {
  const { key, hash, state } = useLocation();
  const navigationType = useNavigationType();
  const smooth = wantsSmoothToTop(state);

  useEffect(() => {
    if ('scrollRestoration' in history) history.scrollRestoration = 'manual';
    let frame = 0;
    const onScroll = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        readPositions()[history.state?.key ?? 'default'] = window.scrollY;
      });
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('pagehide', savePositions);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('pagehide', savePositions);
      savePositions();
    };
  }, []);

  // Before paint, so the page never shows at the wrong position first.
  useLayoutEffect(() => {
    // A `#fragment` link the browser followed itself (no entry key of ours): its own jump stands.
    if (navigationType === 'POP' && hash) return;
    if (navigationType === 'POP') {
      const saved = readPositions()[key];
      if (saved !== undefined) window.scrollTo({ top: saved, left: 0, behavior: 'instant' });
      return;
    }
    if (hash) {
      document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
      return;
    }
    const glide = smooth && !prefersReducedMotion();
    window.scrollTo({ top: 0, left: 0, behavior: glide ? 'smooth' : 'instant' });
  }, [key, hash, navigationType, smooth]);
}
