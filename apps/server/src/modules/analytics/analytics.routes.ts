// Program and lab analytics: HTTP only; the declarations are in packages/contracts/src/endpoints/analytics.ts.
import type { FastifyInstance } from 'fastify';
import { analyticsEndpoints as endpoints } from '@registry/contracts';
import { route } from '../../platform/endpoint.ts';
import { sendExport } from '../../platform/exports.ts';
import { signedIn } from '../../platform/http.ts';
import * as analytics from './analytics.service.ts';

export async function analyticsRoutes(app: FastifyInstance) {
  await route(app, endpoints.program, async (r) => analytics.programAnalytics(signedIn(r), r.query));
  await route(app, endpoints.programExport, async (r, reply) => {
    const { format, ...query } = r.query;
    return sendExport(reply, format, await analytics.programAnalyticsExport(signedIn(r), query));
  });
  await route(app, endpoints.lab, async (r) => analytics.labAnalytics(signedIn(r), r.query));
  await route(app, endpoints.labExport, async (r, reply) => {
    const { format, ...query } = r.query;
    return sendExport(reply, format, await analytics.labAnalyticsExport(signedIn(r), query));
  });
}
