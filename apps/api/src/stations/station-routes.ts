import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import alongRouteRoute from './along-route-routes';
import bboxRoute from './bbox-routes';
import detailsRoute from './details-routes';
import nearestRoute from './nearest-routes';
import searchRoute from './search-routes';
import tripRoute from './trip-routes';

/** The public station API: nearest, in a box, by id, search, along a route, along a trip. */
const stationRoutes: FastifyPluginAsyncTypebox = async (app) => {
  await app.register(nearestRoute);
  await app.register(bboxRoute);
  await app.register(searchRoute);
  await app.register(alongRouteRoute);
  await app.register(tripRoute);
  await app.register(detailsRoute);
};
export default stationRoutes;
