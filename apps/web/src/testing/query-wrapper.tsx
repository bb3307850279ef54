import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { queryClient } from '../lib/query-client';

/**
 * A wrapper for `render`/`renderHook` with a data cache of the test's own (no retry, nothing kept between
 * tests), as the pages provide the app's (lib/query-client.ts).
 */
export function queryWrapper() {
  const { queries } = queryClient.getDefaultOptions();
  const client = new QueryClient({ defaultOptions: { queries: { ...queries, retry: false } } });
  return ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
}
