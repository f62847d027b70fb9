// /document, /emaillog, /auditlog: provider staff only (the spec leaves the role open; these are the provider's own records).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditLogQuery, auditLogRow, auditVerifyResponse, documentQuery, documentSummary, documentView, documentWriteRequest, emailLogQuery, emailLogRow, okMessage, pagedResponse } from '@registry/contracts';
import { signedIn } from '../../platform/http.ts';
import * as documents from './documents.service.ts';
import * as logs from './logs.service.ts';

const idParams = z.object({ id: z.coerce.number().int().positive().max(2147483647) });
const staff = { access: 'providerStaff' } as const;

export async function systemRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get('/document', { config: staff, schema: { operationId: 'listDocuments', tags: ['documents'], response: { 200: z.array(documentSummary) } } }, async (request) => documents.listDocuments(signedIn(request)));
  app.get('/document/:id', { config: staff, schema: { operationId: 'getDocument', tags: ['documents'], params: idParams, querystring: documentQuery, response: { 200: documentView } } }, async (request) =>
    documents.getDocument(signedIn(request), request.params.id, request.query.versionId),
  );
  app.post('/document', { config: staff, schema: { operationId: 'createDocument', tags: ['documents'], body: documentWriteRequest, response: { 200: documentView } } }, async (request) =>
    documents.createDocument(signedIn(request), request.body),
  );
  app.put('/document/:id', { config: staff, schema: { operationId: 'updateDocument', tags: ['documents'], params: idParams, body: documentWriteRequest, response: { 200: documentView } } }, async (request) =>
    documents.updateDocument(signedIn(request), request.params.id, request.body),
  );

  app.get('/emaillog', { config: staff, schema: { operationId: 'emailLog', tags: ['system'], querystring: emailLogQuery, response: { 200: pagedResponse(emailLogRow) } } }, async (request) =>
    logs.emailLogPage(signedIn(request), request.query),
  );
  app.delete('/emaillog/deleteall', { config: staff, schema: { operationId: 'clearEmailLog', tags: ['system'], response: { 200: okMessage } } }, async (request) => logs.clearEmailLog(signedIn(request)));

  app.get('/auditlog', { config: staff, schema: { operationId: 'auditLog', tags: ['system'], querystring: auditLogQuery, response: { 200: pagedResponse(auditLogRow) } } }, async (request) =>
    logs.auditLogPage(signedIn(request), request.query),
  );
  app.get('/auditlog/verify', { config: staff, schema: { operationId: 'verifyAuditLog', tags: ['system'], response: { 200: auditVerifyResponse } } }, async (request) => logs.verifyAuditLog(signedIn(request)));
}
