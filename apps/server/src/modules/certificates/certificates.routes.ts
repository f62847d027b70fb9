// Lab settings and the public certificate verification: HTTP only; the declarations are in
// packages/contracts/src/endpoints/certificates.ts.
import type { FastifyInstance } from 'fastify';
import { certificateVerificationEndpoints, labSettingsEndpoints as endpoints } from '@registry/contracts';
import { route } from '../../platform/endpoint.ts';
import { signedIn } from '../../platform/http.ts';
import { verifyCertificate } from './certificates.service.ts';
import * as settings from './lab-settings.service.ts';

export async function certificatesRoutes(app: FastifyInstance) {
  await route(app, endpoints.get, async (r) => settings.labSettings(signedIn(r)));
  await route(app, endpoints.save, async (r) => settings.saveLabSettings(signedIn(r), r.body));
  await route(app, endpoints.uploadLogo, async (r) =>
    settings.uploadLabLogo(signedIn(r), async () => (await r.upload()).files.file),
  );
  await route(app, endpoints.removeLogo, async (r) => settings.removeLabLogo(signedIn(r)));
  await route(app, endpoints.saveSignatory, async (r) =>
    settings.saveSignatory(signedIn(r), r.params.userId, r.body.title),
  );
  await route(app, endpoints.uploadSignature, async (r) =>
    settings.uploadSignature(signedIn(r), r.params.userId, async () => (await r.upload()).files.file),
  );
  await route(app, certificateVerificationEndpoints.verify, async (r) => verifyCertificate(r.ctx, r.query.code), {
    config: { authThrottle: 'verifyCertificate' },
  });
}
