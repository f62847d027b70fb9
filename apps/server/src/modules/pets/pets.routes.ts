// Pets: HTTP only; the declarations are in packages/contracts/src/endpoints/pets.ts. The pet form's certificate
// revocation (petEndpoints.revokeCertificate) is the lab's and is served by dna.routes.ts.
import type { FastifyInstance } from 'fastify';
import { petEndpoints as endpoints } from '@registry/contracts';
import { route } from '../../platform/endpoint.ts';
import { signedIn } from '../../platform/http.ts';
import { createInitialDnaProfile } from './pet-register.service.ts';
import { uploadPetImage } from './pet-image.service.ts';
import { flagPet, petSampleHistory, petStatusAction } from './pet-samples.service.ts';
import * as pets from './pets.service.ts';

export async function petsRoutes(app: FastifyInstance) {
  await route(app, endpoints.underGroup, async (request) => pets.petsUnderGroup(signedIn(request), request.query));
  await route(app, endpoints.ofOwner, async (request) =>
    pets.petsOfOwner(signedIn(request), request.params.ownerId, request.query.approvedOnly ?? false),
  );
  await route(app, endpoints.ownerPage, async (request) =>
    pets.ownerPetsPage(signedIn(request), request.params.id, request.query),
  );
  await route(app, endpoints.removeFromOwner, async (request) =>
    pets.removePetFromPetOwner(signedIn(request), request.body.petId),
  );
  await route(app, endpoints.orphans, async (request) => pets.orphans(signedIn(request), request.query));
  await route(app, endpoints.lookup, async (request) => pets.lookupPet(signedIn(request), request.query.sampleNumber));
  await route(app, endpoints.history, async (request) =>
    petSampleHistory(signedIn(request), request.query.sampleNumber),
  );
  await route(app, endpoints.get, async (request) => pets.getPet(signedIn(request), request.params.id));
  await route(app, endpoints.update, async (request) => pets.updatePet(signedIn(request), request.body));
  await route(app, endpoints.delete, async (request) => pets.deletePet(signedIn(request), request.params.id));
  await route(app, endpoints.transfer, async (request) =>
    pets.transferPet(signedIn(request), request.body.petId, request.body.newPetOwnerId),
  );
  await route(app, endpoints.attachOrphan, async (request) =>
    pets.attachOrphan(signedIn(request), request.body.petId, request.body.newPetOwnerId),
  );
  await route(app, endpoints.setActive, async (request) =>
    pets.setActiveStatus(signedIn(request), request.body.id, request.body.isActive),
  );
  await route(app, endpoints.setServiceAnimal, async (request) =>
    pets.setServiceAnimalStatus(signedIn(request), request.body.id, request.body.isServiceAnimal),
  );
  await route(app, endpoints.checkOrphans, async (request) =>
    pets.checkForOrphanedPets(signedIn(request), request.body),
  );

  await route(app, endpoints.createInitialDnaProfile, async (request) =>
    createInitialDnaProfile(signedIn(request), request.query.SampleNumber),
  );
  await route(app, endpoints.resetStatus, async (request) =>
    petStatusAction(signedIn(request), request.params.id, 'resetToProfileCreated'),
  );
  await route(app, endpoints.reject, async (request) =>
    petStatusAction(signedIn(request), request.params.id, 'reject', request.body?.notes),
  );
  await route(app, endpoints.accept, async (request) =>
    petStatusAction(signedIn(request), request.params.id, 'accept'),
  );
  await route(app, endpoints.verify, async (request) =>
    petStatusAction(signedIn(request), request.params.id, 'verify'),
  );
  await route(app, endpoints.expire, async (request) =>
    petStatusAction(signedIn(request), request.params.id, 'expire'),
  );
  await route(app, endpoints.reinstate, async (request) =>
    petStatusAction(signedIn(request), request.params.id, 'reinstate'),
  );
  await route(app, endpoints.void, async (request) =>
    petStatusAction(signedIn(request), request.params.id, 'void', request.body?.notes),
  );
  await route(app, endpoints.unvoid, async (request) =>
    petStatusAction(signedIn(request), request.params.id, 'unvoid', request.body?.notes),
  );
  await route(app, endpoints.flag, async (request) =>
    flagPet(signedIn(request), request.params.id, true, request.body?.notes),
  );
  await route(app, endpoints.unflag, async (request) => flagPet(signedIn(request), request.params.id, false));

  await route(app, endpoints.uploadImage, async (request) =>
    uploadPetImage(signedIn(request), request.params.petId, async () => (await request.upload()).files.file),
  );
}
