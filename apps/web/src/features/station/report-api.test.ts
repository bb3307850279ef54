import { describe, expect, it, vi } from 'vitest';
import { submitReport } from './report-api';

describe('sending a report', () => {
  it('takes a captive portal page (a 200 that is not JSON) as no answer, so the report is kept to send later', async () => {
    const portal = vi.fn(
      async () =>
        new Response('<html>Log in to the station Wi-Fi</html>', {
          status: 200,
          headers: { 'content-type': 'text/html' },
        }),
    );
    const sent = await submitReport('x', { status: 'available', lat: 0, lon: 0 } as never, {
      fetchImpl: portal,
    });
    expect(sent.kind).toBe('network-error');
  });
});
