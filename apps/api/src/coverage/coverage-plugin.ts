import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { placeGazetteerLoadedFrom, placeGazetteerUnlessWarming } from '../places/places';
import { bigCitiesOf } from './big-cities';
import { loadCoverageFacts } from './coverage-facts';
import type { BigCity } from './coverage-model';
import coverageRoutes from './coverage-routes';
import { createCoverageService } from './coverage-service';

/**
 * Coverage (ADR 0030): reads the fact tables of COVERAGE_DATA_DIR and the state polygons of
 * STATIONS_REGIONS_FILE once, decorates `app.coverage`, and serves GET /api/coverage. Each new station index
 * gets its counts made as soon as the loop is free, when the place gazetteer (the big cities) is loaded
 * already; else the first answer that needs them makes them. While the gazetteer's file is being built (the
 * first start on a machine), coverage is judged without the sparse-city rule, and with it once the file is
 * there.
 */
export default fp(
  async function coveragePlugin(app: FastifyInstance) {
    const facts = loadCoverageFacts(app.config.COVERAGE_DATA_DIR, app.config.STATIONS_REGIONS_FILE);
    if (facts.problems.length > 0)
      app.log.warn({ problems: facts.problems }, 'coverage: facts not read; their areas count as not known');
    let bigCities: BigCity[] | undefined;
    const service = createCoverageService(facts, () => {
      if (bigCities) return bigCities;
      const places = placeGazetteerUnlessWarming();
      if (places) bigCities = bigCitiesOf(places.columns);
      return bigCities ?? null;
    });
    app.decorate('coverage', service);
    const unsubscribe = app.stationIndex.onRebuilt((index) => {
      if (placeGazetteerLoadedFrom() !== null) setImmediate(() => service.prepare(index));
    });
    app.addHook('onClose', async () => {
      unsubscribe();
    });
    await app.register(coverageRoutes);
  },
  { name: 'coverage', dependencies: ['station-index'] },
);
