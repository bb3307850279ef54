import { useEffect } from 'react';
import { useLocation, useNavigationType } from 'react-router';

/** New pages open at the top (links and redirects); back/forward keeps the browser's own scroll restoration. */
export function useScrollReset(): void {
  const { key, hash } = useLocation();
  const navigationType = useNavigationType();
  useEffect(() => {
    // Runs once per navigation (each has its own location key).
    if (key && navigationType !== 'POP' && !hash) window.scrollTo(0, 0);
  }, [key, hash, navigationType]);
}
