// Routes of the email export and its preview: HTTP only; the declarations are in
// packages/contracts/src/endpoints/reports.ts. The file streams through platform/exports.ts.
import type { FastifyInstance } from 'fastify';
import { reportEndpoints as endpoints } from '@registry/contracts';
import { route } from '../../platform/endpoint.ts';
import { sendExport } from '../../platform/exports.ts';
import { signedIn } from '../../platform/http.ts';
import * as email from './emailexport.service.ts';

export async function emailExportRoutes(app: FastifyInstance) {
  await route(app, endpoints.emailExportPreview, async (request) =>
    email.emailExportPreview(signedIn(request), request.query),
  );
  await route(app, endpoints.emailExport, async (request, reply) => {
    const { format, ...query } = request.query;
    return sendExport(reply, format, await email.emailExport(signedIn(request), query));
  });
}
