// Lab settings (the lab's identity and signatories on every document; provider staff) and the public verification of
// a certificate by its code (anonymous, attempt-limited).
import { endpointGroup } from '../endpoint.ts';
import { uploads } from '../uploads.ts';

const labSettings = endpointGroup(['lab settings'], () => import('../schemas.ts'));
const verification = endpointGroup(['certificates'], () => import('../schemas.ts'));
const settingsRight = { right: 'lab.settings' } as const;

export const labSettingsEndpoints = {
  get: labSettings.get('/labsettings', 'getLabSettings', settingsRight, (s) => ({ response: s.labSettingsView })),
  save: labSettings.put('/labsettings', 'saveLabSettings', settingsRight, (s) => ({
    body: s.labSettingsRequest,
    response: s.labSettingsView,
  })),
  uploadLogo: labSettings.post(
    '/labsettings/logo',
    'uploadLabLogo',
    settingsRight,
    (s) => ({ response: s.labImageResponse }),
    { upload: uploads.documentImage },
  ),
  removeLogo: labSettings.delete('/labsettings/logo', 'removeLabLogo', settingsRight, (s) => ({
    response: s.labSettingsView,
  })),
  saveSignatory: labSettings.put('/labsettings/signatories/:userId', 'saveLabSignatory', settingsRight, (s) => ({
    params: s.signatoryParams,
    body: s.signatoryRequest,
    response: s.signatoryView,
  })),
  uploadSignature: labSettings.post(
    '/labsettings/signatories/:userId/signature',
    'uploadLabSignature',
    settingsRight,
    (s) => ({ params: s.signatoryParams, response: s.labImageResponse }),
    { upload: uploads.documentImage },
  ),
};

export const certificateVerificationEndpoints = {
  verify: verification.get('/certificates/verify', 'verifyCertificate', 'anonymous', (s) => ({
    query: s.certificateVerificationQuery,
    response: s.certificateVerification,
  })),
};
