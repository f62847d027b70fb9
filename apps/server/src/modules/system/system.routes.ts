// /document, /emaillog, /auditlog, /pageviews: provider staff only (a signed-in app sends its own page views). HTTP only; the declarations are in
// packages/contracts/src/endpoints/system.ts.
import type { FastifyInstance } from 'fastify';
import { systemEndpoints as endpoints } from '@registry/contracts';
import { route } from '../../platform/endpoint.ts';
import { signedIn } from '../../platform/http.ts';
import * as documents from './documents.service.ts';
import * as logs from './logs.service.ts';
import * as pageViews from './page-views.service.ts';

export async function systemRoutes(app: FastifyInstance) {
  await route(app, endpoints.documents, async (request) => documents.listDocuments(signedIn(request)));
  await route(app, endpoints.document, async (request) =>
    documents.getDocument(signedIn(request), request.params.id, request.query.versionId),
  );
  await route(app, endpoints.createDocument, async (request) =>
    documents.createDocument(signedIn(request), request.body),
  );
  await route(app, endpoints.updateDocument, async (request) =>
    documents.updateDocument(signedIn(request), request.params.id, request.body),
  );
  await route(app, endpoints.emailLog, async (request) => logs.emailLogPage(signedIn(request), request.query));
  await route(app, endpoints.clearEmailLog, async (request) => logs.clearEmailLog(signedIn(request)));
  await route(app, endpoints.auditLog, async (request) => logs.auditLogPage(signedIn(request), request.query));
  await route(app, endpoints.recordPageViews, async (request) =>
    pageViews.recordPageViews(signedIn(request), request.body.views),
  );
  await route(app, endpoints.pageViews, async (request) =>
    pageViews.pageViewsPerRouteAndDay(signedIn(request), request.query),
  );
  await route(app, endpoints.verifyAuditLog, async (request) => logs.verifyAuditLog(signedIn(request)));
}
