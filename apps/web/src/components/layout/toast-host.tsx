import { lazy, Suspense, useEffect, useState } from 'react';

// react-toastify is ~10 KB gzip: pages that never toast (the landing page) do not download it.
const AppToastContainer = lazy(() => import('./app-toast-container'));

/**
 * Mounts the toast container once a page that can show toasts is visited, and keeps it mounted.
 * react-toastify queues toasts raised before its container mounts and shows them when it does.
 */
export function ToastHost({ wanted }: { wanted: boolean }) {
  const [mounted, setMounted] = useState(false);
  useEffect(() => {
    if (wanted) setMounted(true);
  }, [wanted]);
  if (!mounted) return null;
  return (
    <Suspense fallback={null}>
      <AppToastContainer />
    </Suspense>
  );
}
