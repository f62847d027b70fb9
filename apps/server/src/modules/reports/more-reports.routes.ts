// Routes of the detail, email export, product by plate, TD and no-match-to-match reports: HTTP only; the declarations
// are in packages/contracts/src/endpoints/reports.ts. Exports stream through platform/exports.ts.
import type { FastifyInstance } from 'fastify';
import { reportEndpoints as endpoints } from '@registry/contracts';
import { route } from '../../platform/endpoint.ts';
import { sendExport } from '../../platform/exports.ts';
import { signedIn } from '../../platform/http.ts';
import * as detail from './detail.service.ts';
import * as email from './emailexport.service.ts';
import * as matches from './matches.service.ts';

export async function moreReportRoutes(app: FastifyInstance) {
  await route(app, endpoints.detailReport, async (request) => detail.detailReport(signedIn(request), request.query));
  await route(app, endpoints.detailReportExport, async (request, reply) => {
    const { format, ...query } = request.query;
    return sendExport(reply, format, await detail.detailReportExport(signedIn(request), { ...query, format }));
  });

  await route(app, endpoints.emailExportPreview, async (request) =>
    email.emailExportPreview(signedIn(request), request.query),
  );
  await route(app, endpoints.emailExport, async (request, reply) => {
    const { format, ...query } = request.query;
    return sendExport(reply, format, await email.emailExport(signedIn(request), query));
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
