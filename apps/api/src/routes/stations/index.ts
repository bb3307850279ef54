import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import alongRouteRoute from './along-route';
import bboxRoute from './bbox';
import detailsRoute from './details';
import nearestRoute from './nearest';
import searchRoute from './search';

/** The public station API: nearest, in a box, by id, search, along a route. */
const stationRoutes: FastifyPluginAsyncTypebox = async (app) => {
  await app.register(nearestRoute);
  await app.register(bboxRoute);
  await app.register(searchRoute);
  await app.register(alongRouteRoute);
  await app.register(detailsRoute);
};
export default stationRoutes;
