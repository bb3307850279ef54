import { useEffect } from 'react';

let onLive: (() => void) | null = null;

/** Resolves once the page's content has been hydrated (or rendered) by the app: see LiveMark. */
export function whenLive(): Promise<void> {
  return new Promise((resolve) => {
    onLive = resolve;
  });
}

/**
 * Rendered last inside the page's Suspense boundary: its effect runs once the page itself has hydrated, not
 * just the frame around it. It marks the page (`#root[data-live]`, browser tests wait for it) and lets the
 * entry module hand over what the visitor started before (a form sent early).
 */
export function LiveMark() {
  useEffect(() => {
    const root = document.getElementById('root');
    if (root && root.dataset.live === undefined) root.dataset.live = '';
    onLive?.();
    onLive = null;
  }, []);
  return null;
}
