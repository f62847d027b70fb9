// Bulk resident import: HTTP only; the declarations are in packages/contracts/src/endpoints/bulkimport.ts.
import type { FastifyInstance } from 'fastify';
import { bulkImportEndpoints as endpoints } from '@registry/contracts';
import { route } from '../../platform/endpoint.ts';
import { signedIn } from '../../platform/http.ts';
import * as bulkImport from './bulkimport.service.ts';

export async function bulkImportRoutes(app: FastifyInstance) {
  await route(app, endpoints.columnInfo, async (request) => bulkImport.columnInfo(signedIn(request)));
  await route(app, endpoints.importResidents, async (request) =>
    bulkImport.importResidents(signedIn(request), request.body),
  );
}
