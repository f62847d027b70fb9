// The duplicate dog and gender mismatch reports: HTTP only; the declarations are in
// packages/contracts/src/endpoints/profilereports.ts. Exports stream through platform/exports.ts.
import type { FastifyInstance } from 'fastify';
import { profileReportEndpoints as endpoints } from '@registry/contracts';
import { route } from '../../platform/endpoint.ts';
import { sendExport } from '../../platform/exports.ts';
import { signedIn } from '../../platform/http.ts';
import * as reports from './profile-reports.service.ts';

export async function profileReportsRoutes(app: FastifyInstance) {
  await route(app, endpoints.duplicateDogs, async (request) =>
    reports.duplicateDogsReport(signedIn(request), request.query),
  );
  await route(app, endpoints.duplicateDogsExport, async (request, reply) => {
    const { format, ...query } = request.query;
    return sendExport(reply, format, await reports.duplicateDogsExport(signedIn(request), query));
  });
  await route(app, endpoints.genderMismatch, async (request) =>
    reports.genderMismatchReport(signedIn(request), request.query),
  );
  await route(app, endpoints.genderMismatchExport, async (request, reply) => {
    const { format, ...query } = request.query;
    return sendExport(reply, format, await reports.genderMismatchExport(signedIn(request), query));
  });
}
