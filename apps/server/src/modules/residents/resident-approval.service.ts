// Approving a pre-registered resident (spec 2 §4): a dog owner becomes a registry pet owner and each pre-registered dog
// becomes a pet exactly once, carrying what the resident typed; the resident's RES… number keeps signing them in
// besides the pet owner's user name (spec 1 §6). One transaction; the approval mail after commit.
import type { z } from 'zod';
import {
  Gender,
  PetSpecies,
  RegistrationStatus,
  UserRole,
  WeightUnit,
  type NewPet,
  type approveResidentRequest,
} from '@registry/contracts';
import { writeAudit } from '../../platform/audit.ts';
import { withTransaction, type SignedInContext } from '../../platform/context.ts';
import { refused, validationError } from '../../platform/errors.ts';
import { retryUniqueClash } from '../../platform/db-errors.ts';
import { petOwnersArrived } from '../../platform/matching-hooks.ts';
import { contentTypeOf, filesStoreFor } from '../../platform/files.ts';
import { assertCan } from '../../platform/rights.ts';
import { isResidentUserName } from '../../platform/session.ts';
import { sendEventMail } from '../emailtemplates/email-events.ts';
import { registerPets } from '../pets/pet-register.service.ts';
import { assertSampleNumbersFree } from '../pets/sample-numbers.ts';
import * as a from './resident-approval.queries.ts';
import * as q from './residents.queries.ts';
import { fullNameOfResident, getResidentDetails, isPetOwnerUser, loadResident } from './residents.service.ts';
import { emitWebhookEvent } from '../../platform/webhook-events.ts';

type ApproveInput = z.output<typeof approveResidentRequest>;
type Dog = q.DogRecord;

const EVERY_DOG_DEFERRED = 'Register at least one dog: a registration with every dog deferred is invalid.';
const alreadyRegistered = (name: string, sampleNumber: string | null) =>
  sampleNumber ? `${name} is already registered as ${sampleNumber}.` : `${name} is already registered.`;

const hasDogSpecies = (resident: { petSpecies: number; hasDogs: boolean }) =>
  resident.hasDogs || (resident.petSpecies & PetSpecies.Dog) !== 0;

/** Approvable while pending or partially registered (spec 2 §4). */
const canApprove = (resident: q.ResidentRecord) =>
  resident.status === RegistrationStatus.PendingApproval || resident.isPartiallyRegistered;

/**
 * A pet owner's user name from their name: first.last, with a number when taken (as a user name or sign-in name) or
 * found `clashed` (taken meanwhile by a concurrent approval that has not committed yet).
 */
async function freshPetOwnerUserName(
  db: SignedInContext['db'],
  first: string,
  last: string,
  clashed: ReadonlySet<string>,
) {
  const base =
    `${first}.${last}`
      .toLowerCase()
      .normalize('NFKD')
      .replace(/[^a-z0-9.]/g, '')
      .replace(/\.+/g, '.')
      .replace(/^\.|\.$/g, '') || 'petowner';
  for (let n = 1; ; n++) {
    const candidate = n === 1 ? base : `${base}${n}`;
    if (!clashed.has(candidate) && !(await a.signInNameTaken(db, candidate))) return candidate;
  }
}

const sameName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();
const weightOf = (dog: Dog) => (dog.weight === null ? null : Number(dog.weight));

/** Each requested dog with the pre-registered dog it is (by id, else by name) and the pet it becomes. */
type Planned = { dog: Dog | null; pet: NewPet };

/**
 * Matches the requested dogs to the resident's pre-registered dogs and fills every field the request leaves out (or
 * sends empty) from what the resident typed. Refuses a dog that is already a pet ('Rocket is already registered as DN1000101.'), an id
 * that is not the resident's, one dog twice, and a registration with every dog deferred.
 */
async function planDogs(db: SignedInContext['db'], preDogs: Dog[], dogs: ApproveInput['dogs']): Promise<Planned[]> {
  const problems: Record<string, string[]> = {};
  const claimed = new Set<number>();
  const planned = dogs.map((input, index): Planned => {
    let dog: Dog | null = null;
    if (input.preRegisteredDogId !== undefined) {
      dog = preDogs.find((each) => each.id === input.preRegisteredDogId) ?? null;
      if (!dog)
        problems[`dogs[${index}].preRegisteredDogId`] = ['This dog is not a pre-registered dog of the resident.'];
    } else {
      // Without its id, a dog of the same name is that pre-registered dog (an unregistered one first).
      const named = preDogs.filter((each) => sameName(each.name, input.name) && !claimed.has(each.id));
      dog = named.find((each) => each.petId === null) ?? named[0] ?? null;
    }
    if (dog && claimed.has(dog.id))
      problems[`dogs[${index}].preRegisteredDogId`] = ['This dog is already in the list.'];
    if (dog) claimed.add(dog.id);
    const pet: NewPet = {
      name: input.name,
      breed: input.breed ?? dog?.breed ?? null,
      weight: input.weight ?? (dog ? weightOf(dog) : null),
      weightUnit: input.weightUnit ?? dog?.weightUnit ?? WeightUnit.Pounds,
      gender: input.gender ?? dog?.gender ?? Gender.Unknown,
      dateOfBirth: input.dateOfBirth ?? dog?.dateOfBirth ?? null,
      adoptionDate: input.adoptionDate ?? dog?.adoptionDate ?? null,
      isServiceAnimal: input.isServiceAnimal ?? dog?.isServiceAnimal ?? false,
      sampleNumber: input.sampleNumber ?? null,
      isPooPrints: input.isPooPrints,
      isParentage: input.isParentage,
      isPetId: input.isPetId,
      isDeferredRegistration: input.isDeferredRegistration,
    };
    return { dog, pet };
  });
  if (Object.keys(problems).length) throw validationError(problems);
  const registered = planned.filter((each) => each.dog?.petId != null);
  if (registered.length) {
    const numbers = await a.sampleNumbersOfPets(
      db,
      registered.map((each) => each.dog!.petId!),
    );
    const first = registered[0].dog!;
    throw refused(alreadyRegistered(first.name, numbers.get(first.petId!) ?? null));
  }
  // A partial registration that registered a dog before may defer the rest.
  const registeredBefore = preDogs.some((dog) => dog.petId !== null);
  if (!registeredBefore && planned.every((each) => each.pet.isDeferredRegistration)) throw refused(EVERY_DOG_DEFERRED);
  return planned;
}

export async function approveResident(ctx: SignedInContext, residentId: number, input: ApproveInput) {
  assertCan(ctx, 'resident.approve');
  const row = await loadResident(ctx, residentId);
  const resident = row.resident;
  const name = fullNameOfResident(resident);
  if (!canApprove(resident)) throw refused(`Resident ${name} is already approved.`);
  const preDogs = await q.dogsOf(ctx.db, residentId);
  const dogOwner = hasDogSpecies(resident) || preDogs.length > 0;
  if (!dogOwner) {
    await withTransaction(ctx, async (tx, txCtx) => {
      const after = await q.updateResident(tx, residentId, {
        status: RegistrationStatus.Approved,
        isPartiallyRegistered: false,
        dateApproved: new Date(),
      });
      await emitWebhookEvent(txCtx, {
        event: 'resident.approved',
        groupId: resident.groupId,
        resourceId: residentId,
        view: (viewer) => getResidentDetails(viewer, residentId),
      });
      await writeAudit(tx, ctx, {
        entityType: 'PreRegisteredResident',
        entityId: residentId,
        actionType: 'Approve',
        before: resident,
        after,
      });
    });
    const residentNumber = await a.residentNumberOf(ctx.db, resident.userId);
    return { message: `Resident ${name} approved.`, petOwnerId: null, userName: null, residentNumber };
  }
  // A dog owner: at least one dog becomes a registry pet now.
  if (input.dogs.length === 0) throw refused('Register at least one dog to approve this resident.');
  const planned = await planDogs(ctx.db, preDogs, input.dogs);
  await assertSampleNumbersFree(
    ctx.db,
    planned.map((each) => each.pet),
    'dogs',
  );

  // Each pet gets its own copy of its pre-registered dog's photo (the dog keeps its own, as the resident's record);
  // copies are made before the transaction and removed again if it fails.
  const files = filesStoreFor(ctx.config);
  const photos = new Map<number, string>();
  const dropPhotos = () => Promise.all([...photos.values()].map((file) => files.delete(file).catch(() => undefined)));
  try {
    for (const { dog } of planned) {
      const content = dog?.imagePath ? await files.read(dog.imagePath) : null;
      if (dog?.imagePath && content) photos.set(dog.id, await files.put(content, contentTypeOf(dog.imagePath)));
    }
    return await approveDogOwner(ctx, row, input, planned, photos);
  } catch (error) {
    await dropPhotos();
    throw error;
  }
}

async function approveDogOwner(
  ctx: SignedInContext,
  row: Awaited<ReturnType<typeof loadResident>>,
  input: ApproveInput,
  planned: Planned[],
  photos: Map<number, string>,
) {
  const resident = row.resident;
  const residentId = resident.id;
  const name = fullNameOfResident(resident);
  const result = await withTransaction(ctx, async (tx, txCtx) => {
    // Locked: a second approval waits here and then finds the dogs registered.
    const lockedDogs = await a.dogsOfForUpdate(tx, residentId);
    const user = resident.userId ? await q.findUser(tx, resident.userId) : undefined;
    const alreadyOwner = user !== undefined && isPetOwnerUser({ userName: user.userName, userRoleId: user.roleId });
    // What the resident typed becomes the pet owner's record (their latest edits of the resident record included).
    const person = {
      firstName: resident.firstName,
      lastName: resident.lastName,
      email: resident.email,
      phoneNumber: resident.phoneNumber,
      address: resident.address,
    };
    // Two residents of one name approved at the same moment both pick the same user name: the second picks again.
    const { userName, petOwnerId, residentNumber } = await retryUniqueClash(
      tx,
      'users_user_name_lower_key',
      async (db, clashed) => {
        const userName = alreadyOwner
          ? user.userName
          : await freshPetOwnerUserName(db, resident.firstName, resident.lastName, clashed);
        if (!user) {
          const created = await q.insertPetOwnerUser(db, {
            ...person,
            userName,
            roleId: UserRole.PetOwner,
            receiveEmails: input.receiveEmails,
            dateApproved: new Date(),
          });
          return { userName, petOwnerId: created.id, residentNumber: null };
        }
        let residentNumber: string | null = null;
        if (!alreadyOwner && isResidentUserName(user.userName)) {
          // The RES… name they were given keeps signing them in beside the new user name.
          residentNumber = user.userName;
          await a.addSignInName(db, user.id, user.userName);
        }
        await q.updateUser(db, user.id, {
          ...(alreadyOwner ? {} : person),
          userName,
          roleId: UserRole.PetOwner,
          dateApproved: user.dateApproved ?? new Date(),
          receiveEmails: input.receiveEmails,
        });
        residentNumber ??= await a.residentNumberOf(db, user.id);
        return { userName, petOwnerId: user.id, residentNumber };
      },
    );
    await q.addMembership(tx, petOwnerId, resident.groupId);
    await petOwnersArrived(txCtx, [{ petOwnerId, groupId: resident.groupId }]);
    await emitWebhookEvent(txCtx, {
      event: 'resident.approved',
      groupId: resident.groupId,
      resourceId: residentId,
      view: (viewer) => getResidentDetails(viewer, residentId),
    });
    const created = await registerPets(
      txCtx,
      petOwnerId,
      planned.map((each) => each.pet),
      'dogs',
    );
    for (const [index, { dog }] of planned.entries()) {
      if (!dog) continue;
      if (!(await a.linkUnregisteredDog(tx, dog.id, created[index].id)))
        throw refused(alreadyRegistered(dog.name, null));
      const photo = photos.get(dog.id);
      if (photo) await q.setPetImage(tx, created[index].id, photo);
    }
    const linked = new Set(planned.map((each) => each.dog?.id));
    const remaining = lockedDogs.filter((dog) => dog.petId === null && !linked.has(dog.id));
    const after = await q.updateResident(tx, residentId, {
      userId: petOwnerId,
      status: RegistrationStatus.Approved,
      hasDogs: true,
      petSpecies: (resident.petSpecies | PetSpecies.Dog) & ~PetSpecies.None,
      isPartiallyRegistered: remaining.length > 0,
      dateApproved: resident.dateApproved ?? new Date(),
    });
    await writeAudit(tx, ctx, {
      entityType: 'PreRegisteredResident',
      entityId: residentId,
      actionType: 'Approve',
      before: resident,
      after: { ...after, petOwnerId, userName, residentNumber, petIds: created.map((pet) => pet.id) },
    });
    if (resident.email && !alreadyOwner)
      await sendEventMail(txCtx, 'ResidentApproved', {
        to: resident.email,
        values: {
          recipientName: name,
          groupName: row.groupName,
          userName,
          residentNumberNote: residentNumber
            ? ` Your resident number ${residentNumber} keeps working as a user name too.`
            : '',
          passwordHint: `the password you chose when you pre-registered${user ? '' : ' (use "Forgot password" to set one)'}`,
          link: `${ctx.config.baseUrl}/login`,
        },
      });
    return { petOwnerId, userName, residentNumber };
  });
  return { message: `Resident ${name} approved.`, ...result };
}
