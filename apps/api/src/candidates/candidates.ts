// The candidates slice's public entry (ADR 0037): fuel stations that may sell CNG and the drivers' answers about
// them (the routes), and the start-up import of the India open dataset's candidates.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createNetworkHasher } from '../status/status';
import { adminCandidateRoutes, candidateRoutes } from './candidate-routes';

export { runStartupCandidates } from './startup-candidates';

/** "Does this pump sell CNG?": the drivers' routes and the moderators' view. */
export default fp(
  async function candidates(app: FastifyInstance) {
    await app.register(candidateRoutes(createNetworkHasher(app.config.COOKIE_SECRET)));
    await app.register(adminCandidateRoutes);
  },
  { name: 'candidates', dependencies: ['live-status'] },
);
