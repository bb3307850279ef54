import {
  AddStationBodySchema,
  ApiErrorSchema,
  companyIn,
  ProblemBodySchema,
  ProposalCreatedSchema,
  RetryLaterErrorSchema,
  StationIdParamsSchema,
} from '@cng/shared';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import type { ReplayWrite } from '../idempotency/idempotency';
import { badInput, refusedText } from '../lib/http-errors';
import { nameRefusal, normaliseText, unsafeTextRefusal } from '../lib/unsafe-text';
import { requireStation } from '../stations/stations';
import { decisionsOf, findProposal, insertProposal, type ProposalRow } from './proposal-repository';
import { settleAddition, settleProblem } from './proposal-service';

/** The short name of the company a text names, for nameRefusal's look-alike test. */
const companyNamed = (text: string) => companyIn(text)?.short ?? companyIn(text, 'field')?.short ?? null;

/**
 * Optional plain text: normalised (NFKC, no hidden zero-width characters), trimmed, refused with control or
 * bidi characters, null when empty. A name (`asName`) is refused too when it has no letters, mixes Latin,
 * Cyrillic or Greek in one word, or imitates a company in another script; the 400 says why, with a code.
 */
function cleanText(field: string, value: string | undefined, asName = false): string | null {
  const text = value === undefined ? '' : normaliseText(value).trim();
  if (!text) return null;
  if (asName) {
    const refusal = nameRefusal(text, companyNamed);
    if (refusal) throw refusedText(field, refusal);
    return text;
  }
  const refusal = unsafeTextRefusal(text);
  if (refusal) throw refusedText(field, refusal);
  return text;
}

/** The 201 of a stored addition: approved with its station once drivers agree, else pending. */
const additionAnswer = (id: number, stationId: string | null) => ({
  id,
  state: stationId ? ('approved' as const) : ('pending' as const),
  stationId,
  message: stationId
    ? 'Thank you: other drivers agree, the station is on the map, marked "added by drivers".'
    : 'Thank you: the station shows on the map once other drivers agree or a moderator checks it.',
});

/** The 201 of a stored problem report: approved once drivers agree and the station is off the map. */
const problemAnswer = (id: number, stationId: string, hidden: boolean) => ({
  id,
  state: hidden ? ('approved' as const) : ('pending' as const),
  stationId,
  message: hidden
    ? 'Thank you: other drivers agree, the station is off the map.'
    : 'Thank you: a moderator checks it, and it counts when other drivers report the same.',
});

/**
 * How a proposal or problem report whose answer was lost (a crash after the commit) is answered again: from the
 * stored row, the agreement it may complete settled now if it was not.
 */
function proposalReplays(app: FastifyInstance) {
  /** The proposal a key names: stored with the key, in one transaction. */
  const storedProposal = async (id: number): Promise<ProposalRow> => {
    const row = await findProposal(app.db, id);
    if (!row) throw new Error(`proposal ${id} of a stored Idempotency-Key is missing`);
    return row;
  };
  // A repeat of a proposal whose answer was lost: the agreement it may complete is settled now if it was not.
  const replayAddition: ReplayWrite = async (request, id) => {
    const row = await storedProposal(id);
    const stationId =
      row.state === 'pending'
        ? await settleAddition(app, row)
        : row.state === 'approved'
          ? ((await decisionsOf(app.db, id)).at(-1)?.stationId ?? null)
          : null;
    request.log.info({ proposal: id }, 'answered a lost proposal answer from the stored proposal');
    return { statusCode: 201, body: additionAnswer(id, stationId) };
  };
  const replayProblem: ReplayWrite = async (request, id) => {
    const row = await storedProposal(id);
    const hidden = row.state === 'pending' ? await settleProblem(app, row) : row.state === 'approved';
    request.log.info({ proposal: id }, 'answered a lost problem-report answer from the stored report');
    return { statusCode: 201, body: problemAnswer(id, row.station_id!, hidden) };
  };
  return { replayAddition, replayProblem };
}

/** The Fastify instance of a TypeBox-typed plugin. */
type TypedApp = Parameters<FastifyPluginAsyncTypebox>[0];
/** What both writes share: how a network is keyed, and their route config (limit, idempotency). */
interface WriteRoute {
  hashNetwork: (ip: string) => string | null;
  config: (replayWrite: ReplayWrite) => Record<string, unknown>;
}

/** POST /api/station-proposals: a missing station, stored, then settled if independent drivers now agree. */
function additionRoute(app: TypedApp, { hashNetwork, config }: WriteRoute, replay: ReplayWrite) {
  app.post(
    '/api/station-proposals',
    {
      schema: {
        tags: ['proposals'],
        summary: 'Add a missing CNG station (shown once drivers agree or a moderator approves)',
        body: AddStationBodySchema,
        response: { 201: ProposalCreatedSchema, 400: ApiErrorSchema, 429: RetryLaterErrorSchema },
      },
      config: config(replay),
      preHandler: app.requireDeviceId,
    },
    async (request, reply) => {
      const body = request.body;
      const row = await insertProposal(
        app.db,
        {
          kind: 'add',
          stationId: null,
          reason: null,
          name: cleanText('name', body.name, true),
          operator: cleanText('operator', body.operator, true),
          note: cleanText('note', body.note),
          openingHours: cleanText('openingHours', body.openingHours),
          position: { ...body.position, accuracyM: body.position.accuracyM ?? null },
          duplicateOf: null,
          deviceId: request.deviceId,
          networkHash: hashNetwork(request.ip),
        },
        new Date(),
        request.idempotencyClaim,
      );
      // Stored: from here on a failure must not turn the answer into an error.
      const stationId = await settleAddition(app, row).catch((err) => {
        request.log.error({ err, proposal: row.id }, 'settling a station proposal failed');
        return null;
      });
      return reply.code(201).send(additionAnswer(Number(row.id), stationId));
    },
  );
}

/** POST /api/stations/:id/problems: "something is wrong here", stored, then settled if drivers now agree. */
function problemRoute(app: TypedApp, { hashNetwork, config }: WriteRoute, replay: ReplayWrite) {
  app.post(
    '/api/stations/:id/problems',
    {
      schema: {
        tags: ['proposals'],
        summary: 'Report that something is wrong with a station',
        params: StationIdParamsSchema,
        body: ProblemBodySchema,
        response: {
          201: ProposalCreatedSchema,
          400: ApiErrorSchema,
          404: ApiErrorSchema,
          429: RetryLaterErrorSchema,
        },
      },
      config: config(replay),
      preHandler: app.requireDeviceId,
    },
    async (request, reply) => {
      const { id } = request.params;
      const body = request.body;
      // The checks that need the database come after validation, before the allowance is counted.
      if (body.reason === 'wrong-position' && !body.position)
        throw badInput('position', 'is required for wrong-position: where the station really is');
      if (body.reason === 'duplicate') {
        if (!body.duplicateOf)
          throw badInput('duplicateOf', 'is required for duplicate: the station it repeats');
        if (body.duplicateOf === id) throw badInput('duplicateOf', 'must be another station');
      }
      await requireStation(request, id);
      if (body.duplicateOf) await requireStation(request, body.duplicateOf);
      const row = await insertProposal(
        app.db,
        {
          kind: 'problem',
          stationId: id,
          reason: body.reason,
          name: null,
          operator: null,
          note: cleanText('note', body.note),
          openingHours: null,
          position: body.position ? { ...body.position, accuracyM: body.position.accuracyM ?? null } : null,
          duplicateOf: body.duplicateOf ?? null,
          deviceId: request.deviceId,
          networkHash: hashNetwork(request.ip),
        },
        new Date(),
        request.idempotencyClaim,
      );
      const hidden = await settleProblem(app, row).catch((err) => {
        request.log.error({ err, proposal: row.id }, 'settling a problem report failed');
        return false;
      });
      return reply.code(201).send(problemAnswer(Number(row.id), id, hidden));
    },
  );
}

/**
 * POST /api/station-proposals and POST /api/stations/:id/problems: drivers add what is missing and say what is
 * wrong (ADR 0014). Anonymous like reports: the signed device cookie, the keyed network, a per-IP
 * limit. The answer is 201 only after the proposal is stored; it shows on the map once independent drivers
 * agree, or a moderator approves it.
 */
export function proposalRoutes(hashNetwork: (ip: string) => string | null): FastifyPluginAsyncTypebox {
  return async (app) => {
    const limited = (replayWrite: ReplayWrite) => ({
      rateLimit: {
        // Per address (a device's own voice counts once towards agreement anyway).
        max: app.config.PROPOSAL_RATE_LIMIT_PER_HOUR,
        timeWindow: '1 hour',
        // After validation: a 400 stores nothing and must not use up a driver's allowance.
        hook: 'preHandler' as const,
      },
      idempotent: true,
      replayWrite,
    });
    const { replayAddition, replayProblem } = proposalReplays(app);
    const write: WriteRoute = { hashNetwork, config: limited };
    additionRoute(app, write, replayAddition);
    problemRoute(app, write, replayProblem);
  };
}
