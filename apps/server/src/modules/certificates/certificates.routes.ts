// Lab settings and the public certificate verification: HTTP only; the declarations are in
// packages/contracts/src/endpoints/certificates.ts.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Messages, certificateVerificationEndpoints, labSettingsEndpoints as endpoints } from '@registry/contracts';
import { route } from '../../platform/endpoint.ts';
import { refused } from '../../platform/errors.ts';
import { signedIn } from '../../platform/http.ts';
import { refuseDeclaredOversize } from '../../platform/multipart.ts';
import { verifyCertificate } from './certificates.service.ts';
import * as settings from './lab-settings.service.ts';

async function uploadedImage(request: FastifyRequest) {
  if (!request.isMultipart()) throw refused('Please select a file.');
  refuseDeclaredOversize(request, settings.LAB_IMAGE_MAX_BYTES, () => refused(Messages.logoTooLarge));
  const part = await request.file({ limits: { fileSize: settings.LAB_IMAGE_MAX_BYTES, files: 1 } });
  if (!part) return null;
  try {
    return { content: await part.toBuffer(), mimetype: part.mimetype };
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw refused(Messages.logoTooLarge);
    throw error;
  }
}

export async function certificatesRoutes(app: FastifyInstance) {
  await route(app, endpoints.get, async (r) => settings.labSettings(signedIn(r)));
  await route(app, endpoints.save, async (r) => settings.saveLabSettings(signedIn(r), r.body));
  await route(app, endpoints.uploadLogo, async (r) => settings.uploadLabLogo(signedIn(r), await uploadedImage(r)));
  await route(app, endpoints.removeLogo, async (r) => settings.removeLabLogo(signedIn(r)));
  await route(app, endpoints.saveSignatory, async (r) =>
    settings.saveSignatory(signedIn(r), r.params.userId, r.body.title),
  );
  await route(app, endpoints.uploadSignature, async (r) =>
    settings.uploadSignature(signedIn(r), r.params.userId, await uploadedImage(r)),
  );
  await route(app, certificateVerificationEndpoints.verify, async (r) => verifyCertificate(r.ctx, r.query.code), {
    config: { authThrottle: 'verifyCertificate' },
  });
}
