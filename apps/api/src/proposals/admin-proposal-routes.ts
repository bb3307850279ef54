import {
  ApiErrorSchema,
  type DecisionBody,
  DecisionBodySchema,
  DecisionSchema,
  PROPOSAL_STATES,
  ProposalSchema,
} from '@cng/shared';
import { type FastifyPluginAsyncTypebox, Type } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MAX_INTEGER_ID } from '../db/dialect';
import { requireBearer } from '../lib/bearer-token';
import { badInput } from '../lib/http-errors';
import { requireStation } from '../stations/stations';
import {
  decide,
  decisionsOf,
  findProposal,
  listProposals,
  type ProposalRow,
  proposalFromRow,
} from './proposal-repository';
import { addDriverStation, hide, move } from './proposal-service';

const IdParams = Type.Object({ id: Type.Integer({ minimum: 1, maximum: MAX_INTEGER_ID }) });

/**
 * Carries out a moderator's decision on a pending proposal: the station added, moved, hidden or merged into.
 * Answers the station the decision is about (null when a rejected addition made none).
 */
async function applyDecision(
  app: FastifyInstance,
  request: FastifyRequest,
  row: ProposalRow,
  { action, stationId, position }: DecisionBody,
): Promise<string | null> {
  let resultStation: string | null = row.station_id;
  // Where a move puts it: the moderator's position, else the pin the driver dropped.
  const pin = row.lon === null || row.lat === null ? null : { lon: Number(row.lon), lat: Number(row.lat) };
  const target = position ?? pin;
  if (action === 'approve' || action === 'move') {
    if (action === 'move' && !target) throw badInput('position', 'is required: the proposal has no pin');
    if (row.kind === 'add') {
      resultStation = await addDriverStation(app, [row], action === 'move' ? target! : undefined);
      if (!resultStation)
        throw badInput('id', 'proposes a position that is not a valid station position', 409);
    } else if (row.reason === 'wrong-position' || action === 'move') {
      if (!target) throw badInput('position', 'is required to move the station');
      await move(app, row.station_id!, target);
    } else await hide(app, row.station_id!, row.reason!);
  } else if (action === 'merge') {
    if (!stationId) throw badInput('stationId', 'is required for merge: the existing station it is');
    await requireStation(request, stationId);
    if (row.kind === 'problem' && row.station_id !== stationId) await hide(app, row.station_id!, 'duplicate');
    resultStation = stationId;
  }
  return resultStation;
}

/**
 * The moderation API behind `Authorization: Bearer <ADMIN_TOKEN>` (absent when it is unset): list proposals and
 * problem reports, and decide on them. Every decision is kept with what, when and why.
 */
const adminProposalRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const token = app.config.ADMIN_TOKEN;
  if (!token) return;
  const requireAdmin = requireBearer(token, 'admin');

  app.get(
    '/api/admin/proposals',
    {
      onRequest: requireAdmin,
      schema: {
        tags: ['proposals'],
        summary: 'Station proposals and problem reports, newest first (admin)',
        security: [{ bearerAuth: [] }],
        querystring: Type.Object(
          {
            state: Type.Optional(Type.Enum(PROPOSAL_STATES)),
            limit: Type.Integer({ minimum: 1, maximum: 500, default: 100 }),
            offset: Type.Integer({ minimum: 0, maximum: MAX_INTEGER_ID, default: 0 }),
          },
          { additionalProperties: false },
        ),
        response: { 200: Type.Object({ proposals: Type.Array(ProposalSchema) }), 401: ApiErrorSchema },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return { proposals: (await listProposals(app.db, request.query)).map(proposalFromRow) };
    },
  );

  app.get(
    '/api/admin/proposals/:id',
    {
      onRequest: requireAdmin,
      schema: {
        tags: ['proposals'],
        summary: 'One proposal with every decision on it (admin)',
        security: [{ bearerAuth: [] }],
        params: IdParams,
        response: {
          200: Type.Object({ proposal: ProposalSchema, decisions: Type.Array(DecisionSchema) }),
          401: ApiErrorSchema,
          404: ApiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const row = await findProposal(app.db, request.params.id);
      if (!row) throw badInput('id', 'is not a stored proposal', 404);
      reply.header('Cache-Control', 'no-store');
      return { proposal: proposalFromRow(row), decisions: await decisionsOf(app.db, Number(row.id)) };
    },
  );

  app.post(
    '/api/admin/proposals/:id/decision',
    {
      onRequest: requireAdmin,
      // Guarded by the admin token, not by the caller's browser.
      config: { crossOriginWrites: true },
      schema: {
        tags: ['proposals'],
        summary: 'Approve, reject, or merge a proposal into an existing station (admin)',
        description:
          'approve: an addition goes on the map (marked added by drivers); a problem report of a closed, non-CNG ' +
          'or duplicate station takes it off; a wrong-position report moves it to the pin. move: the addition, ' +
          'or the station reported, goes to `position` (default: the proposal pin), where imports keep it. ' +
          'reject: nothing changes. merge: the proposal is `stationId`, an existing station (for a duplicate ' +
          'report: the station reported is hidden as a copy of it).',
        security: [{ bearerAuth: [] }],
        params: IdParams,
        body: DecisionBodySchema,
        response: {
          200: Type.Object({ proposal: ProposalSchema, decisions: Type.Array(DecisionSchema) }),
          400: ApiErrorSchema,
          401: ApiErrorSchema,
          404: ApiErrorSchema,
          409: ApiErrorSchema,
        },
      },
    },
    async (request) => {
      const { action, reason } = request.body;
      const row = await findProposal(app.db, request.params.id);
      if (!row) throw badInput('id', 'is not a stored proposal', 404);
      if (row.state !== 'pending') throw badInput('id', `was already decided (${row.state})`, 409);
      const resultStation = await applyDecision(app, request, row, request.body);
      await decide(app.db, [Number(row.id)], {
        state: action === 'reject' ? 'rejected' : 'approved',
        action,
        decidedBy: 'moderator',
        reason: reason.trim(),
        stationId: resultStation,
      });
      const after = (await findProposal(app.db, Number(row.id)))!;
      return { proposal: proposalFromRow(after), decisions: await decisionsOf(app.db, Number(row.id)) };
    },
  );
};
export default adminProposalRoutes;
