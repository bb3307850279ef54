import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createNetworkHasher } from '../status/status';
import adminProposalRoutes from './admin-proposal-routes';
import { proposalRoutes } from './proposal-routes';

// The agreement rule (ADR 0014), for every slice that counts independent drivers.
export { enoughVoices, independentVoices, recent, type Voice } from './agreement';

/** Drivers add and correct stations; moderators decide (ADR 0014). */
export default fp(
  async function proposals(app: FastifyInstance) {
    await app.register(proposalRoutes(createNetworkHasher(app.config.COOKIE_SECRET)));
    await app.register(adminProposalRoutes);
  },
  { name: 'proposals', dependencies: ['live-status'] },
);
