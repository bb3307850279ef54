import { QueryClient } from '@tanstack/react-query';

/**
 * The one cache of server data in the browser (search, station details, live status, places). A query whose
 * key changes before its answer arrives is cancelled through its AbortSignal (`queryFn({ signal })`), so a
 * slow link never paints a stale answer over a newer one.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // Station data changes slowly, and live status arrives by its own event stream.
      staleTime: 60_000,
      // A driver on 3G: one quick retry, not three; the API client already says what failed.
      retry: 1,
      // The finder refreshes on its own rules (position, events), not on every tab switch.
      refetchOnWindowFocus: false,
      // Ask even when the browser says it is offline (it is often wrong on a phone, and the service worker may
      // answer): the pages fall back on the copies saved on the device when the ask fails.
      networkMode: 'offlineFirst',
    },
  },
});
