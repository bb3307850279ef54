import {
  ApiErrorSchema,
  OfficialStatusRequestSchema,
  REPORT_LIMITS,
  ReportCreatedSchema,
  StationIdParamsSchema,
} from '@cng/shared';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { bearerMatches } from '../lib/bearer-token';
import { badInput } from '../lib/http-errors';
import { plainNote } from '../lib/unsafe-text';
import { requireStation } from '../stations/stations';
import { insertOfficialStatus, publicReportFromRow } from './report-repository';
import type { StatusCache } from './status-cache';

/** POST /api/stations/:id/official-status: operators and staff set a status that outranks drivers. */
export function officialStatusRoutes(cache: StatusCache): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.post(
      '/api/stations/:id/official-status',
      {
        schema: {
          tags: ['status'],
          summary: 'Set an official status (Authorization: Bearer OPERATOR_TOKEN)',
          security: [{ operatorAuth: [] }],
          description:
            'Outranks driver reports until validUntil (default: now + ttlMin, 120 min). 401 without the ' +
            'right token; 404 when the server has no OPERATOR_TOKEN.',
          params: StationIdParamsSchema,
          body: OfficialStatusRequestSchema,
          response: {
            201: ReportCreatedSchema,
            400: ApiErrorSchema,
            401: ApiErrorSchema,
            404: ApiErrorSchema,
          },
        },
        // Guarded by its token, not by the caller's browser: an operator's own tools may post from anywhere.
        config: { crossOriginWrites: true },
        // Check the token before the body is even validated: strangers learn nothing from 400s.
        onRequest: async (request, reply) => {
          const token = app.config.OPERATOR_TOKEN;
          if (!token) throw badInput('OPERATOR_TOKEN', 'is unset', 404, 'Official statuses are not enabled');
          if (!bearerMatches(request.headers.authorization, token)) {
            reply.header('WWW-Authenticate', 'Bearer realm="official-status"');
            throw badInput(
              'authorization',
              'must be Bearer <operator token>',
              401,
              'Operator token required',
            );
          }
        },
      },
      async (request, reply) => {
        const { id } = request.params;
        const body = request.body;
        await requireStation(request, id);
        const now = new Date();
        const maxMs = now.getTime() + REPORT_LIMITS.officialMaxTtlMin * 60_000;
        let validUntil: Date;
        if (body.validUntil !== undefined) {
          validUntil = new Date(body.validUntil);
          if (!(validUntil.getTime() > now.getTime()) || validUntil.getTime() > maxMs)
            throw badInput('validUntil', 'must be in the future and at most 7 days ahead');
        } else {
          validUntil = new Date(
            now.getTime() + (body.ttlMin ?? REPORT_LIMITS.officialDefaultTtlMin) * 60_000,
          );
        }
        const row = await insertOfficialStatus(
          app.db,
          {
            stationId: id,
            status: body.status,
            queueMin: body.queueMin ?? null,
            // The same plain-text cleaning as drivers' notes: the note is shown to every driver.
            note: plainNote(body.note),
            validUntil,
          },
          now,
        );
        const change = await cache.refresh(id, { notify: false }).catch((err) => {
          request.log.error({ err, stationId: id }, 'status refresh failed after an official status');
          return null;
        });
        await app.changes.publish('status-changed', { stationId: id }).catch((err) => {
          request.log.error({ err, stationId: id }, 'status change not published');
        });
        request.log.info({ stationId: id, status: body.status, validUntil }, 'official status set');
        return reply.code(201).send({
          report: publicReportFromRow(row),
          status: change?.status ?? cache.summaryFor(id),
        });
      },
    );
  };
}
