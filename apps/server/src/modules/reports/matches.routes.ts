// Routes of the TD report and the no-match-to-match report (tables, charts, exports): HTTP only; the declarations are
// in packages/contracts/src/endpoints/reports.ts. Exports stream through platform/exports.ts.
import type { FastifyInstance } from 'fastify';
import { reportEndpoints as endpoints } from '@registry/contracts';
import { route } from '../../platform/endpoint.ts';
import { sendExport } from '../../platform/exports.ts';
import { signedIn } from '../../platform/http.ts';
import * as matches from './matches.service.ts';

export async function matchReportRoutes(app: FastifyInstance) {
  await route(app, endpoints.tdReport, async (request) => matches.tdReport(signedIn(request), request.query));
  await route(app, endpoints.tdReportChart, async (request) => matches.tdReportChart(signedIn(request), request.query));
  await route(app, endpoints.tdReportExport, async (request, reply) => {
    const { format, ...query } = request.query;
    return sendExport(reply, format, await matches.tdReportExport(signedIn(request), query));
  });

  await route(app, endpoints.noMatchToMatch, async (request) =>
    matches.noMatchToMatch(signedIn(request), request.query),
  );
  await route(app, endpoints.noMatchToMatchChart, async (request) =>
    matches.noMatchToMatchChart(signedIn(request), request.query),
  );
  await route(app, endpoints.noMatchToMatchExport, async (request, reply) => {
    const { format, ...query } = request.query;
    return sendExport(reply, format, await matches.noMatchToMatchExport(signedIn(request), query));
  });
}
