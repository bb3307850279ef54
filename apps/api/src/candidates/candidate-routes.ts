import {
  ApiErrorSchema,
  CANDIDATE_LIMITS,
  CandidateAnswerBodySchema,
  CandidateAnsweredSchema,
  CandidateIdParamsSchema,
  CandidatesNearQuerySchema,
  CandidatesNearSchema,
  ModeratedCandidatesQuerySchema,
  ModeratedCandidatesSchema,
  RetryLaterErrorSchema,
} from '@cng/shared';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import type { ReplayWrite } from '../idempotency/idempotency';
import { requireBearer } from '../lib/bearer-token';
import { badInput } from '../lib/http-errors';
import { answerById, answeredCandidates, candidateById, insertAnswer } from './candidate-repository';
import { candidatesNear, settleCandidate } from './candidate-service';

/**
 * How an answer whose reply was lost (a crash after the commit) is answered again: from the stored answer, the
 * agreement it may complete settled now if it was not.
 */
function replayAnswer(app: FastifyInstance): ReplayWrite {
  return async (request, id) => {
    const answer = await answerById(app.db, id);
    const candidate = answer && (await candidateById(app.db, answer.candidate_id));
    if (!candidate) throw new Error(`candidate answer ${id} of a stored Idempotency-Key is missing`);
    request.log.info({ answer: id }, 'answered a lost candidate answer from the stored answer');
    return { statusCode: 201, body: await settleCandidate(app, candidate) };
  };
}

/**
 * GET /api/candidates and POST /api/candidates/:id/answers: "Does this pump sell CNG?" (ADR 0037). Anonymous
 * like reports and proposals: the signed device cookie, the keyed network, a per-IP limit, an
 * Idempotency-Key. The answer is 201 only once it is stored; a candidate becomes a station only when
 * independent drivers agree.
 */
export function candidateRoutes(hashNetwork: (ip: string) => string | null): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.get(
      '/api/candidates',
      {
        schema: {
          tags: ['candidates'],
          summary:
            'Fuel stations near a point that may sell CNG, for drivers to answer about (not CNG stations)',
          querystring: CandidatesNearQuerySchema,
          response: { 200: CandidatesNearSchema, 400: ApiErrorSchema },
        },
        preHandler: app.requireDeviceId,
      },
      async (request, reply) => {
        const { lat, lon, limit = CANDIDATE_LIMITS.nearDefaultLimit } = request.query;
        // Per device (answered ones are left out), so never shared by a cache.
        reply.header('Cache-Control', 'private, no-store');
        return { candidates: await candidatesNear(app, lon, lat, limit, request.deviceId) };
      },
    );

    app.post(
      '/api/candidates/:id/answers',
      {
        schema: {
          tags: ['candidates'],
          summary: 'Answer "Does this pump sell CNG?" (yes, no or don\'t know)',
          params: CandidateIdParamsSchema,
          body: CandidateAnswerBodySchema,
          response: {
            201: CandidateAnsweredSchema,
            400: ApiErrorSchema,
            404: ApiErrorSchema,
            429: RetryLaterErrorSchema,
          },
        },
        config: {
          rateLimit: {
            max: app.config.CANDIDATE_ANSWER_RATE_LIMIT_PER_HOUR,
            timeWindow: '1 hour',
            // After validation: a 400 stores nothing and must not use up a driver's allowance.
            hook: 'preHandler' as const,
          },
          idempotent: true,
          replayWrite: replayAnswer(app),
        },
        preHandler: app.requireDeviceId,
      },
      async (request, reply) => {
        const candidate = await candidateById(app.db, request.params.id);
        if (!candidate)
          throw badInput('id', 'is not a known candidate', 404, `No candidate ${request.params.id}`);
        await insertAnswer(
          app.db,
          {
            candidateId: candidate.id,
            answer: request.body.answer,
            deviceId: request.deviceId,
            networkHash: hashNetwork(request.ip),
          },
          new Date(),
          request.idempotencyClaim,
        );
        // Stored: from here on a failure must not turn the answer into an error.
        const settled = await settleCandidate(app, candidate).catch((err) => {
          request.log.error({ err, candidate: candidate.id }, 'settling a candidate failed');
          return { state: 'open' as const, stationId: null };
        });
        return reply.code(201).send(settled);
      },
    );
  };
}

/** GET /api/admin/candidates behind `Authorization: Bearer <ADMIN_TOKEN>`: what drivers said, and what it decided. */
export const adminCandidateRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const token = app.config.ADMIN_TOKEN;
  if (!token) return;
  app.get(
    '/api/admin/candidates',
    {
      onRequest: requireBearer(token, 'admin'),
      schema: {
        tags: ['candidates'],
        summary:
          'Candidates drivers answered about, latest answer first, confirmed and retired included (admin)',
        security: [{ bearerAuth: [] }],
        querystring: ModeratedCandidatesQuerySchema,
        response: { 200: ModeratedCandidatesSchema, 401: ApiErrorSchema },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      const rows = await answeredCandidates(app.db, request.query.state, request.query.limit ?? 100);
      return {
        candidates: rows.map((r) => ({
          id: r.id,
          name: r.name,
          lon: Number(r.lon),
          lat: Number(r.lat),
          state: r.state,
          stationId: r.station_id,
          answers: { yes: r.yes, no: r.no, unknown: r.unknown },
          decidedAt: r.decided_at,
          decisionReason: r.decision_reason,
        })),
      };
    },
  );
};
