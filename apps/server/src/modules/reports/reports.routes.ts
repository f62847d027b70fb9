// The reports' routes: HTTP only; the declarations are in packages/contracts/src/endpoints/reports.ts. Exports stream
// through platform/exports.ts.
import type { FastifyInstance } from 'fastify';
import { reportEndpoints as endpoints } from '@registry/contracts';
import { route } from '../../platform/endpoint.ts';
import { sendExport } from '../../platform/exports.ts';
import { signedIn } from '../../platform/http.ts';
import { detailReportRoutes } from './detail.routes.ts';
import { emailExportRoutes } from './emailexport.routes.ts';
import { matchReportRoutes } from './matches.routes.ts';
import * as reports from './reports.service.ts';

export async function reportsRoutes(app: FastifyInstance) {
  await route(app, endpoints.tdAudit, async (request) => reports.tdAudit(signedIn(request), request.query));
  await route(app, endpoints.tdAuditExport, async (request, reply) => {
    const { format, ...query } = request.query;
    return sendExport(reply, format, await reports.tdAuditExport(signedIn(request), query));
  });

  await route(app, endpoints.inventory, async (request) =>
    reports.inventory(signedIn(request), request.params.groupId, request.query),
  );
  await route(app, endpoints.inventoryExport, async (request, reply) => {
    const { format, ...query } = request.query;
    return sendExport(reply, format, await reports.inventoryExport(signedIn(request), request.params.groupId, query));
  });
  await route(app, endpoints.inventoryAlerts, async (request) =>
    reports.sendInventoryAlerts(signedIn(request), request.params.groupId),
  );

  await route(app, endpoints.residentRegistrations, async (request) =>
    reports.residentRegistrations(signedIn(request), request.params.groupId, request.query),
  );
  await route(app, endpoints.residentRegistrationsExport, async (request, reply) => {
    const { format, ...query } = request.query;
    return sendExport(
      reply,
      format,
      await reports.residentRegistrationsExport(signedIn(request), request.params.groupId, query),
    );
  });

  await route(app, endpoints.propertyExportCount, async (request) =>
    reports.propertyExportCount(signedIn(request), request.query),
  );
  await route(app, endpoints.propertyExport, async (request, reply) =>
    sendExport(reply, request.query.format, await reports.propertyExport(signedIn(request), request.query)),
  );
  await detailReportRoutes(app);
  await emailExportRoutes(app);
  await matchReportRoutes(app);
}
