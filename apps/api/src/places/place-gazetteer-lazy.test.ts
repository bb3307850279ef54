import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { realStations } from '../test-support/real-stations';
import { createStationApiApp } from '../test-support/station-api-app';
import { placeGazetteerLoadMs } from './place-gazetteer';

// Runs isolated (the api-fresh project, apps/api/vitest.config.ts): nothing else has loaded the gazetteer here.
describe('the place gazetteer', () => {
  let t: Awaited<ReturnType<typeof createStationApiApp>>;
  beforeAll(async () => {
    t = await createStationApiApp('sqlite', realStations().slice(0, 100));
  });
  afterAll(async () => t?.close());

  it('is loaded by the first place search, not when the app is built (server.ts preloads it while the index builds)', async () => {
    expect(placeGazetteerLoadMs()).toBeNull();
    expect((await t.app.inject({ url: '/api/stations/search?q=pune' })).statusCode).toBe(200);
    expect(placeGazetteerLoadMs()).toBeGreaterThan(0);
  });
});
