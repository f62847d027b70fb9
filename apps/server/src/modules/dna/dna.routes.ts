// The DNA lab's routes: HTTP only; the declarations are in packages/contracts/src/endpoints/dna.ts. Registering them
// starts the registry index loading in the background.
import type { FastifyInstance } from 'fastify';
import { dnaEndpoints as endpoints, petEndpoints } from '@registry/contracts';
import { route } from '../../platform/endpoint.ts';
import { signedIn } from '../../platform/http.ts';
import { assertCan } from '../../platform/rights.ts';
import { dnaProfilePdf, dnaVerificationPdf } from './certificates.service.ts';
import { createControl, deleteControl, listControls } from './controls.service.ts';
import { identitySearch, indexStatus } from './identity.service.ts';
import { createPanel, listPanels, loadLabPanels } from './panels.ts';
import { listPlates, plateFile, productByPlate, renamePlate, samplePlates } from './plates.service.ts';
import { removeLabSavedGenotype } from './lab-saved-genotype.service.ts';
import * as processing from './processing.service.ts';
import { startRegistryIndex } from './registry-index.ts';
import { uploadPlate } from './upload.service.ts';

const attachment = (fileName: string) => `attachment; filename="${fileName.replace(/[^\w.-]+/g, '_')}"`;

export async function dnaRoutes(app: FastifyInstance) {
  app.addHook('onReady', async () => {
    await loadLabPanels(app.services.db);
    // Not awaited: the server answers while the index loads; a failure is logged and retried by the next search.
    startRegistryIndex(app.services).catch((error: unknown) =>
      app.log.error({ err: error }, 'registry index load failed'),
    );
  });

  await route(app, endpoints.panels, async (request) => listPanels(signedIn(request)));
  await route(app, endpoints.createPanel, async (request) => createPanel(signedIn(request), request.body));

  await route(app, endpoints.controls, async (request) => listControls(signedIn(request), request.query));
  await route(app, endpoints.createControl, async (request) => createControl(signedIn(request), request.body));
  await route(app, endpoints.deleteControl, async (request) => deleteControl(signedIn(request), request.query.id));

  await route(app, endpoints.uploadPlate, async (request) => {
    const ctx = signedIn(request);
    assertCan(ctx, 'dna.manage');
    const { model, files } = await request.upload();
    return uploadPlate(ctx, model, { content: files.file.content, fileName: files.file.fileName || 'plate.txt' });
  });

  await route(app, endpoints.processing, async (request) => processing.listProfiles(signedIn(request), request.query));
  await route(app, endpoints.profileSummary, async (request) =>
    processing.profileSummary(signedIn(request), request.query),
  );
  await route(app, endpoints.processingPlates, async (request) => processing.processingPlates(signedIn(request)));
  await route(app, endpoints.genotypes, async (request) =>
    processing.genotypes(signedIn(request), request.query.dnaprofileid),
  );
  await route(app, endpoints.approvedDates, async (request) =>
    processing.approvedDates(signedIn(request), request.query.sampleNumber),
  );
  await route(app, endpoints.addLabSavedGenotype, async (request) =>
    processing.addLabSavedGenotype(signedIn(request), request.body),
  );
  await route(app, endpoints.removeLabSavedGenotype, async (request) =>
    removeLabSavedGenotype(signedIn(request), request.query.dnaprofileid),
  );
  await route(app, endpoints.updateStatus, async (request) =>
    processing.updateStatus(signedIn(request), request.body.dnaProfileIds, request.body.labStatus),
  );
  await route(app, endpoints.approveAllPassing, async (request) => processing.approveAllPassing(signedIn(request)));
  await route(app, endpoints.approveAllPassingOnPlate, async (request) =>
    processing.approveAllPassing(signedIn(request), request.body.plateId),
  );
  await route(app, endpoints.revertApprovedDate, async (request) =>
    processing.revertApprovedDate(signedIn(request), request.body.sampleNumber, request.body.sampleHistoryId),
  );
  await route(app, endpoints.revokeCertificate, async (request) =>
    processing.revokeCertificate(signedIn(request), request.body.dnaProfileId),
  );
  // The pet form's revocation (spec 3 §7 "Pets") revokes the pet's approved profile's certificate: the lab's rule, so
  // it is served here under the pets' declared path, and pets imports nothing of dna.
  await route(app, petEndpoints.revokeCertificate, async (request) =>
    processing.revokePetCertificate(signedIn(request), request.params.id),
  );
  await route(app, endpoints.plateMap, async (request) => processing.plateMap(signedIn(request), request.params.id));

  await route(app, endpoints.plates, async (request) => listPlates(signedIn(request), request.query));
  await route(app, endpoints.renamePlate, async (request) =>
    renamePlate(signedIn(request), request.body.id, request.body.plateName),
  );
  await route(app, endpoints.downloadPlateFile, async (request, reply) => {
    const { content, fileName } = await plateFile(signedIn(request), { id: request.params.id });
    return reply.type('text/plain; charset=utf-8').header('content-disposition', attachment(fileName)).send(content);
  });
  await route(app, endpoints.plateFileByName, async (request, reply) => {
    const { content, fileName } = await plateFile(signedIn(request), { plateName: request.query.plateName });
    return reply.type('text/plain; charset=utf-8').header('content-disposition', attachment(fileName)).send(content);
  });
  await route(app, endpoints.productByPlate, async (request) =>
    productByPlate(signedIn(request), request.query.plateName),
  );
  await route(app, endpoints.samplePlates, async (request) =>
    samplePlates(signedIn(request), request.params.sampleNumber),
  );

  for (const [endpoint, render] of [
    [endpoints.dnaProfilePdf, dnaProfilePdf],
    [endpoints.dnaVerificationPdf, dnaVerificationPdf],
  ] as const)
    await route(app, endpoint, async (request, reply) => {
      const pdf = await render(signedIn(request), request.params.petId);
      return reply
        .type('application/pdf')
        .header('content-disposition', `inline; filename="${pdf.fileName}"`)
        .header('cache-control', 'no-store')
        .send(pdf.content);
    });

  await route(app, endpoints.indexStatus, async (request) => indexStatus(signedIn(request)));
  await route(app, endpoints.identitySearch, async (request) =>
    identitySearch(signedIn(request), request.query.sampleNumber),
  );
}
