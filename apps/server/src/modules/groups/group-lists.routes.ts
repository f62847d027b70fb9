// Subgroups, dashboard, the pet-owner group picker, logo upload and stored files: HTTP only.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Messages, dashboardQuery, dashboardResponse, idParam, logoUploadResponse, pagedResponse, petOwnerGroupRow, petOwnerGroupsQuery, subgroupRow, subgroupsQuery, textField } from '@registry/contracts';
import { notFound, refused } from '../../platform/errors.ts';
import { contentTypeOf, filesStoreFor } from '../../platform/files.ts';
import { signedIn } from '../../platform/http.ts';
import { dashboard } from './dashboard.service.ts';
import { LOGO_MAX_BYTES, uploadLogo } from './logo.service.ts';
import { petOwnerGroups, subgroups } from './subgroups.service.ts';

const reader = { access: 'admin' } as const;

export async function groupListsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['groups'];

  app.get('/subgroups', { config: reader, schema: { operationId: 'subgroups', tags, querystring: subgroupsQuery, response: { 200: pagedResponse(subgroupRow) } } }, async (request) =>
    subgroups(signedIn(request), request.query),
  );
  app.get('/groupdashboard', { config: reader, schema: { operationId: 'groupDashboard', tags, querystring: dashboardQuery, response: { 200: dashboardResponse } } }, async (request) =>
    dashboard(signedIn(request), request.query.groupId, request.query.dashboardMode),
  );
  app.get(
    '/group/getpetownergroupsofcurrentadmin',
    { config: reader, schema: { operationId: 'petOwnerGroupsOfCurrentAdmin', tags, querystring: petOwnerGroupsQuery, response: { 200: pagedResponse(petOwnerGroupRow) } } },
    async (request) => petOwnerGroups(signedIn(request), request.query),
  );

  app.post(
    '/logoupload/postnewlogo/:groupId',
    { config: { access: 'adminManager' }, schema: { operationId: 'uploadGroupLogo', tags, params: z.object({ groupId: idParam.shape.id }), consumes: ['multipart/form-data'], response: { 200: logoUploadResponse } } },
    async (request) => {
      if (!request.isMultipart()) throw refused('Please select a file.');
      const part = await request.file({ limits: { fileSize: LOGO_MAX_BYTES, files: 1 } });
      let content: Buffer | null = null;
      try {
        content = part ? await part.toBuffer() : null;
      } catch (error) {
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw refused(Messages.logoTooLarge);
        throw error;
      }
      return uploadLogo(signedIn(request), request.params.groupId, part && content ? { content, mimetype: part.mimetype } : null);
    },
  );

  // Stored files have random 128-bit names, so knowing the name is the permission (an image tag cannot send a token).
  app.get('/files/:name', { config: { access: 'anonymous' }, schema: { operationId: 'storedFile', tags, params: z.object({ name: textField(64) }) } }, async (request, reply) => {
    const content = await filesStoreFor(request.server.services.config).read(request.params.name);
    if (!content) throw notFound('File not found.');
    return reply
      .type(contentTypeOf(request.params.name))
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('x-content-type-options', 'nosniff')
      // An SVG opened directly must not run scripts in the app's origin.
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
      .send(content);
  });
}
