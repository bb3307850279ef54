import { readInput } from './read-input';

/** The AFDC API's host since 2026-05-29; the old one (developer.nrel.gov) answers 410 Gone. */
export const DEFAULT_AFDC_URL = 'https://developer.nlr.gov/api/alt-fuel-stations/v1.json';

/**
 * Downloads every available public CNG station from the AFDC API (JSON). The key comes from the environment
 * (AFDC_API_KEY); the error says where to get one.
 */
export async function fetchAfdc(
  apiKey: string,
  options: { baseUrl?: string; timeoutMs?: number } = {},
): Promise<string> {
  if (!apiKey) {
    throw new Error(
      'AFDC_API_KEY is not set: get a free key at https://developer.nlr.gov/signup/ and export it',
    );
  }
  const url = new URL(options.baseUrl ?? DEFAULT_AFDC_URL);
  url.searchParams.set('fuel_type', 'CNG');
  url.searchParams.set('status', 'E');
  url.searchParams.set('access', 'public');
  url.searchParams.set('limit', 'all');
  url.searchParams.set('api_key', apiKey);
  return await readInput(url.toString(), { timeoutMs: options.timeoutMs ?? 120_000, kind: 'json' });
}
