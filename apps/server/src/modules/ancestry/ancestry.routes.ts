// Ancestry fulfilment and the partner frame: HTTP only; declarations in packages/contracts/src/endpoints/ancestry.ts.
import type { FastifyInstance } from 'fastify';
import { ancestryEndpoints as e, partnerEndpoints as p } from '@registry/contracts';
import { route } from '../../platform/endpoint.ts';
import { signedIn } from '../../platform/http.ts';
import * as anc from './ancestry.service.ts';
import * as partner from './partner.service.ts';

export async function ancestryRoutes(app: FastifyInstance) {
  await route(app, e.list, async (r) => anc.list(signedIn(r), r.query));
  await route(app, e.countByStatus, async (r) => anc.countByStatus(signedIn(r)));
  await route(app, e.genotypes, async (r) => anc.genotypes(signedIn(r), r.query.fulfillmentId));
  await route(app, e.checkActivation, async (r) => anc.checkActivation(signedIn(r), r.body.fulfillmentIds));
  await route(app, e.statusByOrder, async (r) => anc.statusByOrder(signedIn(r), r.body.orderIds));
  await route(app, e.selectGenotype, async (r) =>
    anc.selectGenotype(signedIn(r), r.body.fulfillmentId, r.body.genotypeId),
  );
  await route(app, e.markPicked, async (r) => anc.markPicked(signedIn(r), r.body.fulfillmentIds));
  await route(app, e.generatePlate, async (r) => anc.generatePlate(signedIn(r), r.body));
  await route(app, e.bulkUploadPlate, async (r) =>
    anc.bulkUploadPlate(signedIn(r), r.body.plateNumber, r.body.records),
  );
  await route(app, e.bulkImportPlate, async (r) => anc.bulkImportPlate(signedIn(r), r.body.records));
  await route(app, e.markPlated, async (r) => anc.markPlated(signedIn(r), r.body));
  await route(app, e.removeFromPlate, async (r) =>
    anc.removeFromPlate(signedIn(r), r.body.fulfillmentId, r.body.shiftUp),
  );
  await route(app, e.updateTubeCodes, async (r) => anc.updateTubeCodes(signedIn(r), r.body));
  await route(app, e.generateManifest, async (r) =>
    anc.generateManifest(signedIn(r), r.body.trackingNumber, r.body.fulfillmentIds),
  );
  await route(app, e.flag, async (r) => anc.flag(signedIn(r), r.body.fulfillmentId, r.body.notes));
  await route(app, e.unflag, async (r) => anc.unflag(signedIn(r), r.body.fulfillmentId));
  await route(app, p.iframeSession, async (r) => partner.iframeSession(signedIn(r)));
  await route(app, p.register, async (r) => partner.registerCurrentUser(signedIn(r)));
}
