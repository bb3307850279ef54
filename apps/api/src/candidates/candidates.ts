// The candidates slice's public entry (ADR 0037): fuel stations that may sell CNG, the drivers' answers about
// them, and the import of the candidates of the India open dataset.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createNetworkHasher } from '../status/status';
import { adminCandidateRoutes, candidateRoutes } from './candidate-routes';

export { type ParsedCandidates, parseIndiaCandidates } from './candidate-import';
export { countCandidates, storeCandidates } from './candidate-repository';
export { CONFIRMED_SOURCE } from './candidate-service';
export { runStartupCandidates } from './startup-candidates';

/** "Does this pump sell CNG?": the drivers' routes and the moderators' view. */
export default fp(
  async function candidates(app: FastifyInstance) {
    await app.register(candidateRoutes(createNetworkHasher(app.config.COOKIE_SECRET)));
    await app.register(adminCandidateRoutes);
  },
  { name: 'candidates', dependencies: ['live-status'] },
);
