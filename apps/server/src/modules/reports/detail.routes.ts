// Routes of the poo-prints detail report and product by plate: HTTP only; the declarations are in
// packages/contracts/src/endpoints/reports.ts. Exports stream through platform/exports.ts.
import type { FastifyInstance } from 'fastify';
import { reportEndpoints as endpoints } from '@registry/contracts';
import { route } from '../../platform/endpoint.ts';
import { sendExport } from '../../platform/exports.ts';
import { signedIn } from '../../platform/http.ts';
import * as detail from './detail.service.ts';

export async function detailReportRoutes(app: FastifyInstance) {
  await route(app, endpoints.detailReport, async (request) => detail.detailReport(signedIn(request), request.query));
  await route(app, endpoints.detailReportExport, async (request, reply) => {
    const { format, ...query } = request.query;
    return sendExport(reply, format, await detail.detailReportExport(signedIn(request), { ...query, format }));
  });

  await route(app, endpoints.productByPlate, async (request) =>
    detail.productByPlate(signedIn(request), request.query),
  );
  await route(app, endpoints.productByPlateExport, async (request, reply) =>
    sendExport(
      reply,
      request.query.format,
      await detail.productByPlateExport(signedIn(request), request.query.plateName),
    ),
  );
}
