import { lazy, Suspense, useEffect, useState } from 'react';
import { whenIdle } from '../../pwa/when-idle';

// react-toastify is ~10 KB gzip: pages that never toast (the landing page) do not download it.
const AppToastContainer = lazy(() => import('./app-toast-container'));

/**
 * Mounts the toast container once a page that can show toasts is visited, and keeps it mounted.
 * react-toastify queues toasts raised before its container mounts and shows them when it does.
 */
export function ToastHost({ wanted }: { wanted: boolean }) {
  const [mounted, setMounted] = useState(false);
  // Once the page is idle: on a slow link its ~10 kB would otherwise share the line with the page's own code
  // and data (/App's first distance). Toasts raised before then are queued and shown on mount.
  useEffect(() => {
    if (wanted) whenIdle(() => setMounted(true));
  }, [wanted]);
  if (!mounted) return null;
  return (
    <Suspense fallback={null}>
      <AppToastContainer />
    </Suspense>
  );
}
