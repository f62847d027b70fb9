// Subgroups, dashboard, the pet-owner group picker, logo upload and stored files: HTTP only; the declarations are in
// packages/contracts/src/endpoints/groups.ts.
import type { FastifyInstance } from 'fastify';
import { groupEndpoints as endpoints } from '@registry/contracts';
import { route } from '../../platform/endpoint.ts';
import { notFound } from '../../platform/errors.ts';
import { contentTypeOf, filesStoreFor } from '../../platform/files.ts';
import { signedIn } from '../../platform/http.ts';
import { dashboard } from './dashboard.service.ts';
import { uploadLogo } from './logo.service.ts';
import { petOwnerGroups, subgroups } from './subgroups.service.ts';

export async function groupListsRoutes(app: FastifyInstance) {
  await route(app, endpoints.subgroups, async (request) => subgroups(signedIn(request), request.query));
  await route(app, endpoints.dashboard, async (request) =>
    dashboard(signedIn(request), request.query.groupId, request.query.dashboardMode),
  );
  await route(app, endpoints.petOwnerGroupsOfCurrentAdmin, async (request) =>
    petOwnerGroups(signedIn(request), request.query),
  );

  await route(app, endpoints.uploadLogo, async (request) =>
    uploadLogo(signedIn(request), request.params.groupId, async () => (await request.upload()).files.file),
  );

  await route(app, endpoints.storedFile, async (request, reply) => {
    const content = await filesStoreFor(request.server.services.config).read(request.params.name);
    if (!content) throw notFound('File not found.');
    return (
      reply
        .type(contentTypeOf(request.params.name))
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        // An SVG opened directly must not run scripts in the app's origin.
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
        .send(content)
    );
  });
}
