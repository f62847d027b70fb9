// Every API route × every demo role (and anonymous) × the caller's own and a foreign group, with the expected answer
// derived from the route's access rule (the OpenAPI document's `x-access`) and the rights table: 401 anonymous, 403 a
// role the table refuses, 404 a foreign id, never 5xx. A route added without a sample below fails with a clear message.
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  GroupTypes,
  RIGHTS_TABLE,
  UserRole,
  adminRoles,
  can,
  isProviderStaffRole,
  type Access,
  type Right,
} from '@registry/contracts';
import { eq } from 'drizzle-orm';
import {
  apiKeys,
  users,
  webhookDeliveries,
  webhookSubscriptions,
  adjacentProperties,
  dnaControls,
  dnaPlates,
  dnaProfiles,
  emailTemplateConfigs,
  emailTemplates,
  notifications,
  petOwnerGroups,
  pets,
  products,
  preRegisteredDogs,
  preRegisteredResidents,
  wasteCollections,
  rentRollImports,
  wasteMatchResults,
  wasteResultSets,
  noMatchCandidates,
  noMatchClusters,
  violationNotices,
} from '../db/schema/index.ts';
import { filesStoreFor } from './files.ts';
import { registerDogs, testPopulation } from '../../test/registered-dogs.ts';
import { paidAncestryOrder } from '../../test/ancestry-orders.ts';
import { Sex } from '@registry/genetics';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import {
  groupByName,
  makeAdmin,
  makeGroup,
  makeOtherDistributorship,
  makePetOwner,
  makeWasteSample,
  freshWasteSampleNumber,
  userByName,
} from '../../test/factories.ts';

const DEMO_USERS = [
  'lab.admin',
  'service.admin',
  'office.admin',
  'distributor',
  'firm.manager',
  'parentage.manager',
  'property.manager',
  'property.maintenance',
  'pet.owner',
  'RES0000001',
] as const;
const OWN_GROUP: Record<string, string> = {
  'lab.admin': 'PetDNA Registry',
  'service.admin': 'PetDNA Registry',
  'office.admin': 'PetDNA Registry',
  distributor: 'Sunbelt Pet Services',
  'firm.manager': 'Harbor Property Management',
  'parentage.manager': 'Lone Star Breeders Club',
  'property.manager': 'Oak Ridge Apartments',
  'property.maintenance': 'Oak Ridge Apartments',
  'pet.owner': 'Oak Ridge Apartments',
  RES0000001: 'Oak Ridge Apartments',
};

type Caller = {
  userName: string;
  userId: number;
  roleId: number;
  token: string;
  group: number;
  petOwnerId: number;
  residentId: number;
};
type Input = { params?: Record<string, unknown>; query?: Record<string, unknown>; body?: unknown };
type Fixture = { foreignGroup: number; foreignAdmin: number; foreignPetOwner: number; foreignResident: number };
type Make = (caller: Caller, f: Fixture) => Input | Promise<Input>;
/** own: an input on the caller's own group; foreign: the same call on another distributorship's; right: the service-level right. */
type Sample = {
  own: Make;
  foreign?: Make;
  right?: Right;
  /** Callers the route admits whose own sample is still not theirs (a pet owner reading a resident who is not them). */
  ownRefused?: (caller: Caller) => boolean;
};

let t: TestApp;
let db: TestApp['database']['db'];
const freshAdmin = async (groupId: number) =>
  (await makeAdmin(db, { roleId: UserRole.PropertyMaintenance, groupId })).id;
const freshProperty = async (parentId: number) =>
  await makeGroup(db, {
    parentId,
    groupType: GroupTypes.Property,
    name: `Matrix ${Math.random().toString(36).slice(2, 9)}`,
  });
const group = (id: (c: Caller, f: Fixture) => number) => ({
  own: (c: Caller, f: Fixture) => ({ params: { id: id(c, f) } }),
  foreign: (_c: Caller, f: Fixture) => ({ params: { id: f.foreignGroup } }),
});
const adminTarget = (right: Right, extra: (c: Caller) => Input = () => ({})): Sample => ({
  right,
  own: async (c) => ({ ...extra(c), params: { id: await freshAdmin(c.group) } }),
  foreign: (c, f) => ({ ...extra(c), params: { id: f.foreignAdmin } }),
});
const newAdmin = () => {
  const userName = `matrix.${Math.random().toString(36).slice(2, 10)}`;
  return {
    firstName: 'Matrix',
    lastName: 'Admin',
    userName,
    email: `${userName}@test.example`,
    roleId: UserRole.PropertyMaintenance,
  };
};
const none: Sample = { own: () => ({}) };
const freshTemplate = async () =>
  (
    await db
      .insert(emailTemplates)
      .values({ name: 'Matrix', eventName: 'Fail', subject: 'S', body: '<p>B</p>' })
      .returning()
  )[0]!.id;
/** A notification of the user, for the call that deletes it. */
const freshNotification = async (userId: number) =>
  (await db.insert(notifications).values({ userId, type: 3, message: 'Matrix', actionParameters: {} }).returning())[0]
    .id;
/** A pet owner of the caller's own group made for the call (the call may change or delete them), or a foreign one. */
const petOwnerTarget = (extra: Input = {}): Sample => ({
  own: async (c) => ({ ...extra, params: { id: (await makePetOwner(db, { groupId: c.group })).id } }),
  foreign: (_c, f) => ({ ...extra, params: { id: f.foreignPetOwner } }),
});
/** A past membership (a group history entry) of the owner in the group. */
const pastMembership = async (petOwnerId: number, groupId: number) =>
  (await db.insert(petOwnerGroups).values({ petOwnerId, groupId, moveOutDate: new Date() }).returning())[0].id;
/** A waste sample on a fresh property beneath the caller's group, or on the foreign property. */
const ownWasteSample = async (c: Caller) => makeWasteSample(db, (await freshProperty(c.group)).id);
const foreignWasteSample = (f: Fixture) => makeWasteSample(db, f.foreignGroup);
/** A waste sample with a field collection record (issue 40), on a fresh property of the group or the foreign one. */
const collectedSample = async (propertyId: number) => {
  const sample = await makeWasteSample(db, propertyId);
  await db.insert(wasteCollections).values({
    clientId: crypto.randomUUID(),
    wasteSampleId: sample.id,
    collectedAt: new Date(),
    latitude: 40.7,
    longitude: -74,
    accuracyMeters: 10,
    collectedByName: 'Matrix collector',
  });
  return sample;
};
const wasteById = (right: Right, body?: unknown): Sample => ({
  right,
  own: async (c) => ({ params: { id: (await ownWasteSample(c)).id }, body }),
  foreign: async (_c, f) => ({ params: { id: (await foreignWasteSample(f)).id }, body }),
});
const wasteByNumber = (right: Right): Sample => ({
  right,
  own: async (c) => ({ query: { sampleNumber: (await ownWasteSample(c)).sampleNumber } }),
  foreign: async (_c, f) => ({ query: { sampleNumber: (await foreignWasteSample(f)).sampleNumber } }),
});
const wasteModel = (right: Right): Sample => ({
  right,
  own: async (c) => ({
    body: { sampleNumber: freshWasteSampleNumber(), propertyCollectedFromId: (await freshProperty(c.group)).id },
  }),
  foreign: (_c, f) => ({ body: { sampleNumber: freshWasteSampleNumber(), propertyCollectedFromId: f.foreignGroup } }),
});
let petSerial = 0;
/** A fresh pet (with a DN sample number) of the owner, or an orphan when the owner is null. */
const freshPet = async (petOwnerId: number | null, customerFacingStatus = 0) => {
  const sampleNumber = `DN${9_000_000 + petSerial++}`;
  const [row] = await db
    .insert(pets)
    .values({ petOwnerId, name: 'Matrix', sampleNumber, customerFacingStatus })
    .returning();
  return row;
};
const petTarget = (right?: Right, extra: () => Input = () => ({}), status = 0): Sample => ({
  right,
  own: async (c) => ({ ...extra(), params: { id: (await freshPet(c.petOwnerId, status)).id } }),
  foreign: async (_c, f) => ({ ...extra(), params: { id: (await freshPet(f.foreignPetOwner, status)).id } }),
});
const freshResident = async (groupId: number) =>
  (
    await db
      .insert(preRegisteredResidents)
      .values({ groupId, firstName: 'Matrix', lastName: `Resident ${Math.random()}` })
      .returning()
  )[0].id;
/** A report over the caller's own group (its type may not suit the report: a 400 is past the access checks). */
const groupQuery = (extra: Record<string, unknown> = {}): Sample => ({
  own: (c) => ({ query: { groupId: c.group, ...extra } }),
  foreign: (_c, f) => ({ query: { groupId: f.foreignGroup, ...extra } }),
});
const ownGroupParam = (c: Caller) => ({ params: { groupId: c.group } });
const foreignGroupParam = (_c: Caller, f: Fixture) => ({ params: { groupId: f.foreignGroup } });

const RENT_ROLL_MAPPING = { unit: 'Unit', firstName: 'First', lastName: 'Last' };
const ANALYTICS_PERIOD = { startDate: '2026-01-01', endDate: '2026-03-31' };
/** A stored rent-roll proposal of the group (with nothing in it), for the calls that read or apply one. */
const freshRentRollImport = async (groupId: number) =>
  (
    await db
      .insert(rentRollImports)
      .values({
        groupId,
        fileName: 'matrix.csv',
        proposal: {
          fileName: 'matrix.csv',
          rowCount: 0,
          unchanged: 0,
          alreadyInvited: 0,
          additions: [],
          leavers: [],
          changes: [],
          problems: [],
        },
      })
      .returning()
  )[0]!.id;

// A stored plate (with its file) holding one pet and one waste sample profile, for the DNA lab's samples.
let dnaSerial = 0;
async function freshDnaPlate() {
  dnaSerial++;
  const filePath = await filesStoreFor(t.config).put(
    Buffer.from('Sample Name\tMarker\tAllele 1\tAllele 2\r\n'),
    'text/plain',
  );
  const [plate] = await db
    .insert(dnaPlates)
    .values({
      plateName: `matrix-${dnaSerial}`,
      fileName: 'matrix.txt',
      filePath,
      panelId: 'isag-2006-canine',
      plateSize: 96,
      layout: 'long',
      controlsPassed: true,
    })
    .returning();
  const codes = Array.from({ length: 44 }, () => 0);
  const digits = String(9_000_000 + dnaSerial);
  const [pet, waste] = await db
    .insert(dnaProfiles)
    .values([
      {
        plateId: plate.id,
        sampleNumber: `DN${digits}`,
        sampleType: 0,
        panelId: 'isag-2006-canine',
        codes,
        result: 'Pass',
      },
      {
        plateId: plate.id,
        sampleNumber: `TD${digits}`,
        sampleType: 1,
        panelId: 'isag-2006-canine',
        codes,
        result: 'Fail',
      },
    ])
    .returning();
  return { plate, pet, waste };
}
/** A pet of the owner whose own sample number has a (passing, unapproved) profile on a fresh plate. */
let profiledPets = 0;
const petWithProfile = async (petOwnerId: number) => {
  const { pet: profile } = await freshDnaPlate();
  const sampleNumber = `DN${8_000_000 + ++profiledPets}`;
  await db.update(dnaProfiles).set({ sampleNumber }).where(eq(dnaProfiles.id, profile.id));
  const [row] = await db
    .insert(pets)
    .values({ petOwnerId, name: 'Matrix', sampleNumber, customerFacingStatus: 300 })
    .returning();
  return row;
};
const dnaSample = (make: (d: Awaited<ReturnType<typeof freshDnaPlate>>) => Input): Sample => ({
  own: async () => make(await freshDnaPlate()),
});

// A product, and a paid order of the customer for one ancestry item of a fresh pet, with its fulfilment (the shop).
let shopSerial = 0;
const freshProduct = async () =>
  (
    await db
      .insert(products)
      .values({
        sku: `ANC-M${++shopSerial}-${Math.random().toString(36).slice(2, 8)}`,
        name: 'Matrix kit',
        priceCents: 100,
      })
      .returning()
  )[0];
async function freshOrder(customerUserId: number) {
  const product = await freshProduct();
  const pet = await freshPet(customerUserId);
  const { order, item, fulfilment } = await paidAncestryOrder(db, customerUserId, product, pet);
  return { product, pet, order, item, fulfilment };
}
const staffOrder = (body: (o: Awaited<ReturnType<typeof freshOrder>>) => unknown): Sample => ({
  own: async (c) => ({ body: body(await freshOrder(c.petOwnerId)) }),
});
const fulfilment = (body: (id: number) => unknown): Sample => ({
  own: async (c) => ({ body: body((await freshOrder(c.petOwnerId)).fulfilment.id) }),
});
// Parentage and duplicate dogs: a generated trio owned by the pet owner, tested once by the lab (a Certified result), and
// a dog registered twice (a duplicate cluster named by its lowest profile id).
const matrixPopulation = testPopulation(77);
async function parentageTrio(ownerId: number) {
  const dam = matrixPopulation.dog(Sex.Female);
  const sire = matrixPopulation.dog(Sex.Male);
  const [puppyProfile] = matrixPopulation.litter(dam, sire, 1);
  const [d, s, p] = await registerDogs(db, [
    { profile: dam, ownerId, gender: 2 },
    { profile: sire, ownerId, gender: 1 },
    { profile: puppyProfile, ownerId },
  ]);
  const run = await t.call('POST', '/api/v1/parentageresulting/executeparentagetest', {
    token: callers[0].token,
    body: { puppy: p.sampleNumber, dam: d.sampleNumber, sire: s.sampleNumber },
  });
  if (run.status !== 200) throw new Error(`parentage sample failed: ${JSON.stringify(run.body)}`);
  return {
    puppy: p.sampleNumber,
    dam: d.sampleNumber,
    sire: s.sampleNumber,
    setId: run.body.parentageMatchResultSetId as number,
    resultId: run.body.parentageMatchResultId as number,
  };
}
type Trio = Awaited<ReturnType<typeof parentageTrio>>;
const parentageSample = (make: (trio: Trio) => Input, right?: Right): Sample => ({
  right,
  own: async (c) => make(await parentageTrio(c.petOwnerId)),
  foreign: async (_c, f) => make(await parentageTrio(f.foreignPetOwner)),
});
async function duplicatePair() {
  const dog = matrixPopulation.dog();
  const [a, b] = await registerDogs(db, [{ profile: dog }, { profile: dog }]);
  return { clusterId: Math.min(a.dnaProfileId, b.dnaProfileId), sampleNumber: a.sampleNumber };
}
// A waste sample with a result set and one NoMatch run, on a fresh property beneath the group (issue 22).
async function freshResultSet(groupId: number) {
  const sample = await makeWasteSample(db, (await freshProperty(groupId)).id);
  const [set] = await db
    .insert(wasteResultSets)
    .values({ wasteSampleId: sample.id, readyForMatching: true })
    .returning();
  const [result] = await db
    .insert(wasteMatchResults)
    .values({ resultSetId: set.id, status: 'NoMatch', comparison: { wasteDnaProfile: [], petDnaProfiles: [] } })
    .returning();
  return { set, result };
}
const resultSetSample = (make: (r: Awaited<ReturnType<typeof freshResultSet>>) => Input, right?: Right): Sample => ({
  right,
  own: async (c) => make(await freshResultSet(c.group)),
  foreign: async (_c, f) => make(await freshResultSet(f.foreignGroup)),
});
// A no-match candidate alone in its cluster: a waste sample on a fresh property beneath the group, its profile, result
// set and cluster (issue 22, no-match clusters).
async function freshCandidate(groupId: number) {
  const sample = await makeWasteSample(db, (await freshProperty(groupId)).id);
  const { waste } = await freshDnaPlate();
  const [set] = await db
    .insert(wasteResultSets)
    .values({ wasteSampleId: sample.id, readyForMatching: true, wasteDnaProfileId: waste.id })
    .returning();
  const [cluster] = await db.insert(noMatchClusters).values({ panelId: 'isag-2006-canine' }).returning();
  await db
    .insert(noMatchCandidates)
    .values({ clusterId: cluster.id, wasteSampleId: sample.id, resultSetId: set.id, dnaProfileId: waste.id });
  return { associatedClusterId: cluster.id, associatedDnaProfileId: waste.id };
}
const candidateSample = (
  right: Right,
  make: (key: Awaited<ReturnType<typeof freshCandidate>>, c: Caller) => Input | Promise<Input>,
): Sample => ({ right, own: async (c) => make(await freshCandidate(c.group), c) });

// A violation notice (issue 41) on a fresh property beneath the group, to the given owner, in the given status.
async function freshNotice(groupId: number, petOwnerId: number, status = 'Disputed') {
  const { set, result } = await freshResultSet(groupId);
  const [notice] = await db
    .insert(violationNotices)
    .values({
      matchResultId: result.id,
      matchResultSetId: set.id,
      propertyId: groupId,
      petOwnerId,
      ownerName: 'Matrix Owner',
      petName: 'Matrix',
      wasteSampleNumber: freshWasteSampleNumber(),
      offenceNumber: 1,
      originalCents: 5000,
      dueCents: 5000,
      status,
      respondBy: new Date(Date.now() + 86_400_000),
      payBy: new Date(Date.now() + 86_400_000),
    })
    .returning();
  return notice.id;
}
const noticeSample = (status: string, body?: unknown, right?: Right): Sample => ({
  right,
  own: async (c) => ({ params: { id: await freshNotice(c.group, c.petOwnerId, status) }, body }),
  foreign: async (_c, f) => ({ params: { id: await freshNotice(f.foreignGroup, f.foreignPetOwner, status) }, body }),
});
const fineSchedule = {
  firstOffenceAmount: 5000,
  secondOffenceAmount: 10000,
  laterOffenceAmount: 20000,
  lookBackDays: 365,
  daysToRespond: 14,
  daysToPay: 30,
  fineAdjacentMatches: false,
};
/** An API key of a group, made by its admin (the key's own group is the caller's). */
const freshApiKey = async (groupId: number) => {
  const [creator] = await db.select().from(users).where(eq(users.userName, 'lab.admin'));
  const [key] = await db
    .insert(apiKeys)
    .values({
      groupId,
      name: 'Matrix',
      keyHash: Math.random().toString(36),
      prefix: 'pdr_matrix',
      readOnly: true,
      createdByUserId: creator.id,
      createdRoleId: creator.roleId,
      expiresAt: new Date(Date.now() + 86_400_000),
    })
    .returning();
  return key.id;
};
/** A webhook subscription of a group with one logged delivery (to an address nothing answers). */
const freshWebhook = async (groupId: number) => {
  const [subscription] = await db
    .insert(webhookSubscriptions)
    .values({ groupId, url: 'https://hooks.invalid/x', events: ['order.paid'], secret: 'matrix', isActive: false })
    .returning();
  const [delivery] = await db
    .insert(webhookDeliveries)
    .values({
      subscriptionId: subscription.id,
      event: 'order.paid',
      eventId: 'matrix',
      body: '{}',
      attempt: 1,
      succeeded: false,
      durationMs: 1,
    })
    .returning();
  return { id: subscription.id, deliveryId: delivery.id };
};
const webhookSample = (make: (hook: { id: number; deliveryId: number }) => Input): Sample => ({
  right: 'integrations.manage',
  own: async (c) => make(await freshWebhook(c.group)),
  foreign: async (_c, f) => make(await freshWebhook(f.foreignGroup)),
});

const SAMPLES: Record<string, Sample> = {
  getApiKeys: {
    right: 'integrations.manage',
    own: (c) => ({ query: { groupId: c.group } }),
    foreign: (_c, f) => ({ query: { groupId: f.foreignGroup } }),
  },
  createApiKey: {
    right: 'integrations.manage',
    own: (c) => ({ body: { name: 'Matrix', groupIds: [c.group], readOnly: true, expiresInDays: 1 } }),
    foreign: (_c, f) => ({ body: { name: 'Matrix', groupIds: [f.foreignGroup], readOnly: true, expiresInDays: 1 } }),
  },
  revokeApiKey: {
    right: 'integrations.manage',
    own: async (c) => ({ params: { id: await freshApiKey(c.group) } }),
    foreign: async (_c, f) => ({ params: { id: await freshApiKey(f.foreignGroup) } }),
  },
  getWebhooks: {
    right: 'integrations.manage',
    own: (c) => ({ query: { groupId: c.group } }),
    foreign: (_c, f) => ({ query: { groupId: f.foreignGroup } }),
  },
  getWebhook: webhookSample((hook) => ({ params: { id: hook.id } })),
  // An address that cannot be resolved: refused 400 on url, past the access checks.
  createWebhook: {
    right: 'integrations.manage',
    own: (c) => ({ body: { groupId: c.group, url: 'https://hooks.invalid/x', events: ['order.paid'] } }),
    foreign: (_c, f) => ({ body: { groupId: f.foreignGroup, url: 'https://hooks.invalid/x', events: ['order.paid'] } }),
  },
  updateWebhook: webhookSample((hook) => ({
    params: { id: hook.id },
    body: { url: 'https://hooks.invalid/x', events: ['order.paid'], isActive: false },
  })),
  deleteWebhook: webhookSample((hook) => ({ params: { id: hook.id } })),
  getWebhookDeliveries: webhookSample((hook) => ({ params: { id: hook.id } })),
  pingWebhook: webhookSample((hook) => ({ params: { id: hook.id } })),
  replayWebhookDelivery: webhookSample((hook) => ({ params: { id: hook.id, deliveryId: hook.deliveryId } })),
  tokenAtRoot: { own: () => ({ body: { grant_type: 'password', userName: 'nobody', password: 'wrong' } }) },
  token: { own: () => ({ body: { grant_type: 'password', userName: 'nobody', password: 'wrong' } }) },
  tokenV1: { own: () => ({ body: { grant_type: 'password', userName: 'nobody', password: 'wrong' } }) },
  userInfo: none,
  isAuthenticated: none,
  logout: none,
  changePassword: {
    own: () => ({
      body: { oldPassword: 'wrong-Password1!', newPassword: 'Another#Pass1', confirmPassword: 'Another#Pass1' },
    }),
  },
  forgotPassword: { own: () => ({ body: { email: 'nobody@test.example' } }) },
  checkResetPasswordToken: { own: () => ({ query: { userName: 'nobody', token: 'x' } }) },
  resetPassword: {
    own: () => ({
      body: { userName: 'nobody', token: 'x', password: 'Another#Pass1', confirmPassword: 'Another#Pass1' },
    }),
  },
  signInWithTemporaryToken: { own: () => ({ query: { token: 'unknown' } }) },
  generateTemporaryToken: adminTarget('admin.createSignInLink'),
  signInAsAnotherUser: adminTarget('admin.signInAs'),
  resetAdminPassword: {
    right: 'admin.resetPassword',
    own: async (c) => ({ query: { id: await freshAdmin(c.group) } }),
    foreign: (_c, f) => ({ query: { id: f.foreignAdmin } }),
  },
  resetPetOwnerPassword: {
    right: 'petOwner.resetPassword',
    own: async (c) => ({ body: { petOwnerId: (await makePetOwner(db, { groupId: c.group })).id } }),
    foreign: (_c, f) => ({ body: { petOwnerId: f.foreignPetOwner } }),
  },
  updateUserProfile: { own: () => ({ body: { firstName: 'Same', lastName: 'Name' } }) },
  // A refused body after the access check: the callers' own names and emails stay as the other rows expect them.
  setPassword: { own: () => ({ body: { newPassword: 'Another#Pass1', confirmPassword: 'Different#Pass1' } }) },
  updateUserInfo: { own: () => ({ body: { firstName: 'Same', lastName: 'Name', email: 'not-an-email' } }) },
  confirmEmail: { own: () => ({ body: { token: 'unknown' } }) },
  manageInfo: none,
  passwordRules: none,
  externalLogins: none,
  registerExternal: none,
  getUserRoles: none,
  getAllAdminRoles: none,
  getCreatableAdminRoles: none,
  features: none,
  featuresForGroup: {
    own: (c) => ({ query: { groupId: c.group } }),
    foreign: (_c, f) => ({ query: { groupId: f.foreignGroup } }),
  },
  getDogQuickActions: none,
  setDogQuickActions: { own: () => ({ body: { value: 3 } }) },
  searchAdmins: none,
  getAdmin: adminTarget('admin.view'),
  updateAdmin: {
    right: 'admin.edit',
    own: async (c) => {
      const admin = await makeAdmin(db, { roleId: UserRole.PropertyMaintenance, groupId: c.group });
      return {
        params: { id: admin.id },
        body: { firstName: 'M', lastName: 'A', userName: admin.userName, email: admin.email, roleId: admin.roleId },
      };
    },
    foreign: (_c, f) => ({
      params: { id: f.foreignAdmin },
      body: { firstName: 'M', lastName: 'A', userName: `x${f.foreignAdmin}`, roleId: UserRole.PropertyMaintenance },
    }),
  },
  deleteAdmin: adminTarget('admin.delete'),
  getAdminSecurityQuestion: adminTarget('admin.viewSecurityAnswer'),
  createAdmin: {
    right: 'admin.create',
    own: (c) => ({ body: { ...newAdmin(), groupId: c.group } }),
    foreign: (_c, f) => ({ body: { ...newAdmin(), groupId: f.foreignGroup } }),
  },
  activateAdmin: adminTarget('admin.deactivate'),
  deactivateAdmin: adminTarget('admin.deactivate'),
  getAdminGroups: adminTarget('admin.view'),
  addAdminToGroup: {
    right: 'admin.assignGroups',
    own: async (c) => ({ params: { id: await freshAdmin(c.group), groupId: (await freshProperty(c.group)).id } }),
    foreign: async (c, f) => ({ params: { id: f.foreignAdmin, groupId: c.group } }),
  },
  removeGroupFromAdmin: {
    right: 'admin.assignGroups',
    own: async (c) => ({ params: { id: await freshAdmin(c.group), groupId: c.group } }),
    foreign: (_c, f) => ({ params: { id: f.foreignAdmin, groupId: f.foreignGroup } }),
  },
  directlyAssignedGroups: none,
  allStewardedProperties: none,
  firstLevelGroups: none,
  groupChildren: group((c) => c.group),
  groupMenu: group((c) => c.group),
  getGroup: group((c) => c.group),
  updateGroup: {
    right: 'group.edit',
    own: async (c) => ({
      params: { id: (await freshProperty(c.group)).id },
      body: { name: 'Matrix Edited', isSameAddress: true },
    }),
    foreign: (_c, f) => ({ params: { id: f.foreignGroup }, body: { name: 'Matrix Edited', isSameAddress: true } }),
  },
  deleteGroup: {
    right: 'group.delete',
    own: async (c) => {
      const created = await freshProperty(c.group);
      return { params: { id: created.id }, query: { confirmation: created.name } };
    },
    foreign: (_c, f) => ({ params: { id: f.foreignGroup }, query: { confirmation: 'x' } }),
  },
  createParentageGroup: {
    right: 'group.create',
    own: (c) => ({ body: { name: 'Matrix Club', parentId: c.group, selectedPrimaryAdminId: c.userId } }),
    foreign: (c, f) => ({ body: { name: 'Matrix Club', parentId: f.foreignGroup, selectedPrimaryAdminId: c.userId } }),
  },
  createProperty: {
    right: 'group.create',
    own: (c) => ({ body: { name: 'Matrix Flats', parentId: c.group, selectedPrimaryAdminId: c.userId } }),
    foreign: (c, f) => ({ body: { name: 'Matrix Flats', parentId: f.foreignGroup, selectedPrimaryAdminId: c.userId } }),
  },
  createDistributorship: {
    right: 'group.create',
    own: (c) => ({ body: { name: 'Matrix Dist', parentId: c.group, selectedPrimaryAdminId: c.userId } }),
    foreign: (c, f) => ({ body: { name: 'Matrix Dist', parentId: f.foreignGroup, selectedPrimaryAdminId: c.userId } }),
  },
  createManagementGroup: {
    right: 'group.create',
    own: (c) => ({ body: { name: 'Matrix Mgmt', parentId: c.group, selectedPrimaryAdminId: c.userId } }),
    foreign: (c, f) => ({ body: { name: 'Matrix Mgmt', parentId: f.foreignGroup, selectedPrimaryAdminId: c.userId } }),
  },
  createDistributorshipManagementGroup: {
    right: 'group.create',
    own: (c) => ({ body: { name: 'Matrix DMG', parentId: c.group, selectedPrimaryAdminId: c.userId } }),
    foreign: (c, f) => ({ body: { name: 'Matrix DMG', parentId: f.foreignGroup, selectedPrimaryAdminId: c.userId } }),
  },
  groupRequested: { right: 'group.create', ...group((c) => c.group) },
  moveGroup: {
    right: 'group.move',
    own: async (c) => ({ body: { childId: (await freshProperty(c.group)).id, parentId: c.group } }),
    foreign: (c, f) => ({ body: { childId: f.foreignGroup, parentId: c.group } }),
  },
  bulkTransferGroups: {
    right: 'group.move',
    own: async (c) => ({ params: { id: c.group }, body: { transferGroupIds: [(await freshProperty(c.group)).id] } }),
    foreign: (c, f) => ({ params: { id: c.group }, body: { transferGroupIds: [f.foreignGroup] } }),
  },
  deactivateGroup: {
    right: 'group.deactivate',
    own: async (c) => ({ body: { groupId: (await freshProperty(c.group)).id } }),
    foreign: (_c, f) => ({ body: { groupId: f.foreignGroup } }),
  },
  activateGroup: {
    right: 'group.deactivate',
    own: async (c) => ({ body: { groupId: (await freshProperty(c.group)).id } }),
    foreign: (_c, f) => ({ body: { groupId: f.foreignGroup } }),
  },
  getCertificateCustomization: group((c) => c.group),
  updateCertificateCustomization: {
    right: 'group.edit',
    own: (c) => ({ params: { id: c.group }, body: { certificateShowLogo: true } }),
    foreign: (_c, f) => ({ params: { id: f.foreignGroup }, body: { certificateShowLogo: true } }),
  },
  addAdjacentProperty: {
    right: 'group.edit',
    own: async (c) => ({
      body: { propertyId: (await freshProperty(c.group)).id, adjacentPropertyId: (await freshProperty(c.group)).id },
    }),
    foreign: async (c, f) => ({
      body: { propertyId: f.foreignGroup, adjacentPropertyId: (await freshProperty(c.group)).id },
    }),
  },
  removeAdjacentProperty: {
    right: 'group.edit',
    own: async (c) => {
      const [a, b] = [(await freshProperty(c.group)).id, (await freshProperty(c.group)).id];
      await db.insert(adjacentProperties).values({ propertyId: Math.min(a, b), adjacentPropertyId: Math.max(a, b) });
      return { body: { propertyId: a, adjacentPropertyId: b } };
    },
    foreign: async (c, f) => ({
      body: { propertyId: f.foreignGroup, adjacentPropertyId: (await freshProperty(c.group)).id },
    }),
  },
  adjacentAgreementsUnderGroup: group((c) => c.group),
  preRegistrationLink: group((c) => c.group),
  preRegistrationFlyer: group((c) => c.group),
  groupAdmins: group((c) => c.group),
  createAdminOnGroup: {
    right: 'admin.create',
    own: (c) => {
      const { roleId, ...fields } = newAdmin();
      return { params: { id: c.group }, body: { ...fields, role: roleId } };
    },
    foreign: (_c, f) => {
      const { roleId, ...fields } = newAdmin();
      return { params: { id: f.foreignGroup }, body: { ...fields, role: roleId } };
    },
  },
  addExistingAdminToGroup: {
    right: 'admin.assignGroups',
    own: async (c) => ({ params: { id: (await freshProperty(c.group)).id, adminId: await freshAdmin(c.group) } }),
    foreign: (c, f) => ({ params: { id: c.group, adminId: f.foreignAdmin } }),
  },
  removeAdminFromGroup: {
    right: 'admin.assignGroups',
    own: async (c) => ({ params: { id: c.group, adminId: await freshAdmin(c.group) } }),
    foreign: (_c, f) => ({ params: { id: f.foreignGroup, adminId: f.foreignAdmin } }),
  },
  removeAdminFromAllGroups: adminTarget('admin.assignGroups'),
  setPrimaryAdminForGroup: {
    right: 'admin.assignGroups',
    own: async (c) => ({ params: { id: c.group, adminId: await freshAdmin(c.group) } }),
    foreign: (_c, f) => ({ params: { id: f.foreignGroup, adminId: f.foreignAdmin } }),
  },
  groupFlaggedSamples: { right: 'group.view', ...group((c) => c.group) },
  getNotifications: none,
  getRecentNotifications: none,
  deleteAllNotifications: none,
  updateLastNotificationViewedDate: none,
  streamNotifications: none,
  deleteNotification: {
    own: async (c) => ({ params: { id: await freshNotification(c.userId) } }),
    foreign: async (_c, f) => ({ params: { id: await freshNotification(f.foreignAdmin) } }),
  },
  subgroups: {
    own: (c) => ({ query: { groupId: c.group } }),
    foreign: (_c, f) => ({ query: { groupId: f.foreignGroup } }),
  },
  groupDashboard: {
    own: (c) => ({ query: { groupId: c.group } }),
    foreign: (_c, f) => ({ query: { groupId: f.foreignGroup } }),
  },
  petOwnerGroupsOfCurrentAdmin: none,
  uploadGroupLogo: { right: 'group.edit', own: (c) => ({ params: { groupId: c.group } }) },
  storedFile: { own: () => ({ params: { name: '0123456789abcdef0123456789abcdef.png' } }) },
  dnaPanels: none,
  createDnaPanel: {
    own: () => ({
      body: {
        name: `Matrix panel ${Math.random().toString(36).slice(2, 9)}`,
        species: 'Canine',
        minimumMarkers: 1,
        markers: [{ name: 'M1' }],
      },
    }),
  },
  getDnaProfilePdf: {
    own: async (c) => ({ params: { petId: (await freshPet(c.petOwnerId)).id } }),
    foreign: async (_c, f) => ({ params: { petId: (await freshPet(f.foreignPetOwner)).id } }),
  },
  getDnaVerificationPdf: {
    own: async (c) => ({ params: { petId: (await freshPet(c.petOwnerId)).id } }),
    foreign: async (_c, f) => ({ params: { petId: (await freshPet(f.foreignPetOwner)).id } }),
  },
  dnaControls: none,
  createDnaControl: { own: () => ({ body: { panelId: 'isag-2006-canine', sampleType: 2 } }) },
  deleteDnaControl: {
    own: async () => {
      const [row] = await db.insert(dnaControls).values({ panelId: 'isag-2006-canine', sampleType: 3 }).returning();
      return { query: { id: row.id } };
    },
  },
  uploadGeneMapperPlate: none,
  dnaProcessing: none,
  dnaProcessingPlates: none,
  dnaProfileSummary: dnaSample((d) => ({ query: { plateId: d.plate.id } })),
  dnaGenotypes: dnaSample((d) => ({ query: { dnaprofileid: d.pet.id } })),
  dnaApprovedDates: dnaSample((d) => ({ query: { sampleNumber: d.pet.sampleNumber } })),
  addLabSavedGenotype: dnaSample((d) => ({
    body: { dnaProfileId: d.pet.id, labSavedGenotype: [{ marker: 'AHT121', alleleA: '96', alleleB: '98' }] },
  })),
  removeLabSavedGenotype: dnaSample((d) => ({ query: { dnaprofileid: d.pet.id } })),
  updateDnaProfilesStatus: dnaSample((d) => ({ body: { dnaProfileIds: [d.pet.id], labStatus: 20 } })),
  approveAllPassing: { own: () => ({ body: {} }) },
  approveAllPassingOnPlate: dnaSample((d) => ({ body: { plateId: d.plate.id } })),
  revertApprovedDate: dnaSample((d) => ({ body: { sampleNumber: d.pet.sampleNumber, sampleHistoryId: 1 } })),
  revokeDnaVerificationCertificate: dnaSample((d) => ({ body: { dnaProfileId: d.pet.id } })),
  dnaPlateMap: dnaSample((d) => ({ params: { id: d.plate.id } })),
  dnaPlates: none,
  renameDnaPlate: dnaSample((d) => ({ body: { id: d.plate.id, plateName: `${d.plate.plateName}-renamed` } })),
  downloadPlateFile: dnaSample((d) => ({ params: { id: d.plate.id } })),
  plateFileByName: dnaSample((d) => ({ query: { plateName: d.plate.plateName } })),
  productByPlateReport: dnaSample((d) => ({ query: { plateName: d.plate.plateName } })),
  productByPlateJsonReport: dnaSample((d) => ({ query: { plateName: d.plate.plateName } })),
  productByPlateCsvReport: dnaSample((d) => ({ query: { plateName: d.plate.plateName } })),
  sampleManagementPlates: dnaSample((d) => ({ params: { sampleNumber: d.pet.sampleNumber } })),
  dnaIndexStatus: none,
  dnaIdentitySearch: dnaSample((d) => ({ query: { sampleNumber: d.waste.sampleNumber } })),
  lookupCountries: none,
  lookupStates: none,
  lookupStatesByCountry: { own: () => ({ query: { countryId: 'US' } }) },
  lookupCountryById: { own: () => ({ query: { countryId: 'US' } }) },
  lookupStateById: { own: () => ({ query: { stateId: 'US-TX' } }) },
  lookupCities: none,
  searchPetOwners: none,
  getPetOwner: {
    own: (c) => ({ params: { id: c.petOwnerId } }),
    foreign: (_c, f) => ({ params: { id: f.foreignPetOwner } }),
  },
  getUnassignedPetOwners: none,
  addPetsToPetOwner: {
    own: async (c) => ({
      body: { petOwnerId: (await makePetOwner(db, { groupId: c.group })).id, pets: [{ name: 'Matrix' }] },
    }),
    foreign: (_c, f) => ({ body: { petOwnerId: f.foreignPetOwner, pets: [{ name: 'Matrix' }] } }),
  },
  updatePetOwner: petOwnerTarget({ body: { firstName: 'Matrix', lastName: 'Owner' } }),
  deletePetOwner: petOwnerTarget(),
  activatePetOwner: petOwnerTarget(),
  deactivatePetOwner: petOwnerTarget(),
  removePetOwnerFromAllGroups: petOwnerTarget(),
  getPetOwnerSecurityQuestion: {
    own: (c) => ({ params: { id: c.petOwnerId } }),
    foreign: (_c, f) => ({ params: { id: f.foreignPetOwner } }),
  },
  getGroupHistoryForPetOwner: {
    own: (c) => ({ params: { id: c.petOwnerId } }),
    foreign: (_c, f) => ({ params: { id: f.foreignPetOwner } }),
  },
  deletePetOwnerGroupHistoryEntry: {
    own: async (c) => ({ params: { id: await pastMembership((await makePetOwner(db)).id, c.group) } }),
    foreign: async (_c, f) => ({ params: { id: await pastMembership(f.foreignPetOwner, f.foreignGroup) } }),
  },
  getGroupPetOwners: {
    own: (c) => ({ params: { groupId: c.group } }),
    foreign: (_c, f) => ({ params: { groupId: f.foreignGroup } }),
  },
  getGroupMoveOuts: {
    own: (c) => ({ params: { groupId: c.group } }),
    foreign: (_c, f) => ({ params: { groupId: f.foreignGroup } }),
  },
  createPetOwnerInGroup: {
    own: (c) => ({ params: { groupId: c.group }, body: { firstName: 'Matrix', lastName: 'Owner' } }),
    foreign: (_c, f) => ({ params: { groupId: f.foreignGroup }, body: { firstName: 'Matrix', lastName: 'Owner' } }),
  },
  addPetOwnerToGroup: {
    own: async (c) => ({ params: { groupId: c.group, id: (await makePetOwner(db, { groupId: c.group })).id } }),
    foreign: (_c, f) => ({ params: { groupId: f.foreignGroup, id: f.foreignPetOwner } }),
  },
  movePetOwnerOut: {
    own: async (c) => ({ params: { groupId: c.group, id: (await makePetOwner(db, { groupId: c.group })).id } }),
    foreign: (_c, f) => ({ params: { groupId: f.foreignGroup, id: f.foreignPetOwner } }),
  },
  getDogRegistrationAgreement: {
    ownRefused: (c) => c.userName === 'RES0000001',
    own: (c) => ({ query: { petOwnerId: c.petOwnerId, groupId: c.group } }),
    foreign: (_c, f) => ({ query: { petOwnerId: f.foreignPetOwner, groupId: f.foreignGroup } }),
  },
  searchResidents: { own: () => ({ query: { query: 'Reed' } }) },
  getResident: {
    ownRefused: (c) => c.userName === 'pet.owner',
    own: (c) => ({ params: { id: c.residentId } }),
    foreign: (_c, f) => ({ params: { id: f.foreignResident } }),
  },
  getWasteResultSets: { right: 'wasteResult.labView', own: () => ({ query: { pageSize: 5 } }) },
  getNoMatchRerunsWithStatusChanges: { right: 'wasteResult.labView', own: () => ({ query: { pageSize: 5 } }) },
  getLatestWasteTestResult: resultSetSample((r) => ({ query: { matchResultSetId: r.set.id } }), 'wasteResult.view'),
  getWasteMatchResultSet: resultSetSample((r) => ({ query: { matchResultSetId: r.set.id } }), 'wasteResult.view'),
  getWasteMatchResultSetById: resultSetSample((r) => ({ params: { id: r.set.id } }), 'wasteResult.view'),
  previewNewWasteTestResult: resultSetSample((r) => ({ query: { matchResultSetId: r.set.id } }), 'wasteResult.manage'),
  saveNewMatchResultsRun: resultSetSample((r) => ({ params: { id: r.set.id }, body: {} }), 'wasteResult.manage'),
  approveWasteMatchResult: resultSetSample((r) => ({ params: { id: r.result.id } }), 'wasteResult.manage'),
  deleteWasteMatchResult: resultSetSample((r) => ({ params: { id: r.result.id } }), 'wasteResult.manage'),
  updateWasteMatchResultNotes: resultSetSample(
    (r) => ({ params: { id: r.result.id }, body: { bioPetNotes: 'Matrix' } }),
    'wasteResult.manage',
  ),
  approveSelectedMatchResultSets: resultSetSample((r) => ({ body: [r.set.id] }), 'wasteResult.manage'),
  approveUnapprovedMatchResultSetsByResult: { right: 'wasteResult.manage', own: () => ({ body: { result: 'Fail' } }) },
  approveAllMatchingReruns: { right: 'wasteResult.manage', own: () => ({}) },
  deleteAllRerunInconclusiveResults: { right: 'wasteResult.manage', own: () => ({}) },
  // A group with no no-matches: the rerun starts and completes at once.
  rerunAllNoMatches: {
    right: 'wasteResult.manage',
    own: async (c) => ({ body: { groupId: (await freshProperty(c.group)).id } }),
    foreign: (_c, f) => ({ body: { groupId: f.foreignGroup } }),
  },
  cancelRerunAllNoMatches: { right: 'wasteResult.manage', own: () => ({}) },
  getRerunAllNoMatchesStatus: { right: 'wasteResult.labView', own: () => ({}) },
  getWasteResultsByGroup: {
    right: 'wasteResult.view',
    own: (c) => ({ query: { selectedGroupId: c.group } }),
    foreign: (_c, f) => ({ query: { selectedGroupId: f.foreignGroup } }),
  },
  getPooPrintsResultCertificate: resultSetSample(
    (r) => ({ query: { pooPrintsResultSetId: r.set.id } }),
    'wasteResult.view',
  ),
  sendMatchResultEmailToPrimaryAdmin: resultSetSample(
    (r) => ({ query: { pooPrintsMatchResultSetId: r.set.id } }),
    'wasteResult.email',
  ),
  getNoMatchClusters: { right: 'noMatchCluster.view', ...groupQuery({ pageSize: 5 }) },
  getApprovedNoMatchClusters: { right: 'noMatchCluster.view', ...groupQuery() },
  getNoMatchClusterSummary: candidateSample('noMatchCluster.view', (k) => ({ query: { id: k.associatedClusterId } })),
  getNoMatchClusterRelatives: candidateSample('noMatchCluster.view', (k) => ({ query: { id: k.associatedClusterId } })),
  getEligibleNoMatchClustersForCandidate: candidateSample('noMatchCluster.view', (k) => ({
    query: {
      candidateClusterId: k.associatedClusterId,
      candidateDnaProfileId: k.associatedDnaProfileId,
      sampleNumberFilter: 'TD',
    },
  })),
  approveSelectedNoMatchCandidates: candidateSample('noMatchCluster.manage', (k) => ({ body: [k] })),
  approveSingleNoMatchCandidates: {
    right: 'noMatchCluster.manage',
    own: () => ({ body: { sampleNumberFilter: 'TD0000000' } }),
  },
  approveNoMatchCandidate: candidateSample('noMatchCluster.manage', (k) => ({ body: k })),
  approveNoMatchCandidateAsSingle: candidateSample('noMatchCluster.manage', (k) => ({ body: k })),
  denyNoMatchCandidate: candidateSample('noMatchCluster.manage', (k) => ({ body: k })),
  moveNoMatchCandidate: candidateSample('noMatchCluster.manage', async (k, c) => ({
    body: { candidateKey: k, destinationClusterId: (await freshCandidate(c.group)).associatedClusterId },
  })),
  getNoMatchClusterReportCsv: {
    right: 'noMatchCluster.view',
    own: async (c) => ({ query: { groupId: (await freshProperty(c.group)).id } }),
    foreign: (_c, f) => ({ query: { groupId: f.foreignGroup } }),
  },
  getWasteSampleDetails: {
    right: 'wasteSample.view',
    own: async (c) => ({ query: { wasteSampleId: (await ownWasteSample(c)).id } }),
    foreign: async (_c, f) => ({ query: { wasteSampleId: (await foreignWasteSample(f)).id } }),
  },
  getWasteSampleBySampleNumber: wasteByNumber('wasteSample.view'),
  // Field collection (issue 40). The upload's own call carries no photo: a 400 past the access checks.
  collectWasteSample: { right: 'fieldCollection.collect', own: () => ({}) },
  getCollectionProperties: { right: 'fieldCollection.collect', own: () => ({}) },
  getWasteSampleCustody: {
    right: 'wasteSample.view',
    own: async (c) => ({ query: { wasteSampleId: (await ownWasteSample(c)).id } }),
    foreign: async (_c, f) => ({ query: { wasteSampleId: (await foreignWasteSample(f)).id } }),
  },
  getCollectionBySampleNumber: {
    right: 'wasteSample.view',
    own: async (c) => ({
      query: { sampleNumber: (await collectedSample((await freshProperty(c.group)).id)).sampleNumber },
    }),
    foreign: async (_c, f) => ({ query: { sampleNumber: (await collectedSample(f.foreignGroup)).sampleNumber } }),
  },
  getCollectionPoints: {
    right: 'wasteSample.view',
    own: async (c) => ({ query: { propertyId: (await freshProperty(c.group)).id } }),
    foreign: (_c, f) => ({ query: { propertyId: f.foreignGroup } }),
  },
  getWasteSampleHistory: wasteByNumber('wasteSample.view'),
  // An unknown or foreign number is simply not an orphan: the answer is the same for both.
  isWasteSampleOrphan: {
    right: 'wasteSample.view',
    own: async (c) => ({ query: { sampleNumber: (await ownWasteSample(c)).sampleNumber } }),
  },
  createWasteSample: wasteModel('wasteSample.create'),
  receiveWasteSample: wasteModel('wasteSample.receive'),
  updateWasteSample: {
    right: 'wasteSample.edit',
    own: async (c) => {
      const sample = await ownWasteSample(c);
      return {
        body: { sampleId: sample.id, sampleNumber: sample.sampleNumber, propertyCollectedFromId: sample.propertyId },
      };
    },
    foreign: async (_c, f) => {
      const sample = await foreignWasteSample(f);
      return {
        body: { sampleId: sample.id, sampleNumber: sample.sampleNumber, propertyCollectedFromId: f.foreignGroup },
      };
    },
  },
  deleteWasteSample: {
    right: 'wasteSample.delete',
    own: async (c) => {
      const sample = await ownWasteSample(c);
      return { params: { id: sample.id }, query: { confirmation: sample.sampleNumber } };
    },
    foreign: async (_c, f) => {
      const sample = await foreignWasteSample(f);
      return { params: { id: sample.id }, query: { confirmation: sample.sampleNumber } };
    },
  },
  resetWasteSampleStatus: wasteById('sample.changeStatus'),
  acceptWasteSample: wasteById('sample.changeStatus'),
  expireWasteSample: wasteById('sample.changeStatus'),
  reinstateWasteSample: wasteById('sample.changeStatus'),
  rejectWasteSample: wasteById('sample.changeStatus', 'Matrix notes'),
  voidWasteSample: wasteById('sample.changeStatus', 'Matrix notes'),
  unvoidWasteSample: wasteById('sample.changeStatus', 'Matrix notes'),
  flagWasteSample: wasteById('sample.flag', 'Matrix notes'),
  unflagWasteSample: wasteById('sample.flag'),
  bulkTransferWasteSamples: {
    right: 'wasteSample.transfer',
    own: async (c) => ({
      body: { destinationId: (await freshProperty(c.group)).id, sampleIds: [(await ownWasteSample(c)).id] },
    }),
    foreign: async (c, f) => ({ body: { destinationId: f.foreignGroup, sampleIds: [(await ownWasteSample(c)).id] } }),
  },
  petsUnderGroup: {
    own: (c) => ({ query: { groupId: c.group } }),
    foreign: (_c, f) => ({ query: { groupId: f.foreignGroup } }),
  },
  petsOfOwner: {
    own: (c) => ({ params: { ownerId: c.petOwnerId } }),
    foreign: (_c, f) => ({ params: { ownerId: f.foreignPetOwner } }),
  },
  petOwnerPetsPage: {
    own: (c) => ({ params: { id: c.petOwnerId } }),
    foreign: (_c, f) => ({ params: { id: f.foreignPetOwner } }),
  },
  removePetFromPetOwner: {
    own: async (c) => ({ body: { petId: (await freshPet(c.petOwnerId)).id } }),
    foreign: async (_c, f) => ({ body: { petId: (await freshPet(f.foreignPetOwner)).id } }),
  },
  orphanedPets: none,
  createInitialDnaProfileBySampleNumber: {
    own: () => ({ query: { SampleNumber: `DN${9_500_000 + petSerial++}` } }),
  },
  petLookup: {
    own: async (c) => ({ query: { sampleNumber: (await freshPet(c.petOwnerId)).sampleNumber } }),
    foreign: async (_c, f) => ({ query: { sampleNumber: (await freshPet(f.foreignPetOwner)).sampleNumber } }),
  },
  petSampleHistory: {
    own: async (c) => ({ query: { sampleNumber: (await freshPet(c.petOwnerId)).sampleNumber } }),
    foreign: async (_c, f) => ({ query: { sampleNumber: (await freshPet(f.foreignPetOwner)).sampleNumber } }),
  },
  getPet: petTarget(),
  updatePet: {
    own: async (c) => ({ body: { id: (await freshPet(c.petOwnerId)).id, name: 'Matrix' } }),
    foreign: async (_c, f) => ({ body: { id: (await freshPet(f.foreignPetOwner)).id, name: 'Matrix' } }),
  },
  deletePet: petTarget(),
  transferPet: {
    own: async (c) => ({
      body: {
        petId: (await freshPet(c.petOwnerId)).id,
        newPetOwnerId: (await makePetOwner(db, { groupId: c.group })).id,
      },
    }),
    foreign: async (c, f) => ({
      body: {
        petId: (await freshPet(f.foreignPetOwner)).id,
        newPetOwnerId: (await makePetOwner(db, { groupId: c.group })).id,
      },
    }),
  },
  attachOrphanToPetOwner: {
    // Orphans have no group: only provider staff, who run the orphans tool, reach them.
    ownRefused: (c) => !isProviderStaffRole(c.roleId),
    own: async (c) => ({ body: { petId: (await freshPet(null)).id, newPetOwnerId: c.petOwnerId } }),
    foreign: async (_c, f) => ({ body: { petId: (await freshPet(null)).id, newPetOwnerId: f.foreignPetOwner } }),
  },
  setPetActiveStatus: {
    own: async (c) => ({ body: { id: (await freshPet(c.petOwnerId)).id, isActive: false } }),
    foreign: async (_c, f) => ({ body: { id: (await freshPet(f.foreignPetOwner)).id, isActive: false } }),
  },
  setPetServiceAnimalStatus: {
    own: async (c) => ({ body: { id: (await freshPet(c.petOwnerId)).id, isServiceAnimal: true } }),
    foreign: async (_c, f) => ({ body: { id: (await freshPet(f.foreignPetOwner)).id, isServiceAnimal: true } }),
  },
  checkForOrphanedPets: { own: () => ({ body: ['DN0000001'] }) },
  resetPetStatus: petTarget(undefined, () => ({}), 10),
  rejectPetSample: petTarget(undefined, () => ({ body: { notes: 'Matrix' } })),
  acceptPetSample: petTarget(undefined, () => ({}), 400),
  verifyPetSample: petTarget(undefined, () => ({}), 300),
  expirePetSample: petTarget(),
  reinstatePetSample: petTarget(undefined, () => ({}), 15),
  voidPetSample: petTarget(undefined, () => ({ body: { notes: 'Matrix' } })),
  unvoidPetSample: petTarget(undefined, () => ({ body: { notes: 'Matrix' } }), 500),
  flagPet: petTarget(undefined, () => ({ body: { notes: 'Matrix' } })),
  unflagPet: petTarget(),
  // A pet with a profile on a plate: not yet approved, so the lab's call is refused past the access checks (400).
  revokePetDnaVerificationCertificate: {
    right: 'dna.manage',
    own: async (c) => ({ params: { id: (await petWithProfile(c.petOwnerId)).id } }),
    foreign: async (_c, f) => ({ params: { id: (await petWithProfile(f.foreignPetOwner)).id } }),
  },
  uploadPetImage: {
    own: async (c) => ({ params: { petId: (await freshPet(c.petOwnerId)).id } }),
    foreign: async (_c, f) => ({ params: { petId: (await freshPet(f.foreignPetOwner)).id } }),
  },
  getResidentDetails: {
    own: (c) => ({ params: { id: c.residentId } }),
    foreign: (_c, f) => ({ params: { id: f.foreignResident } }),
  },
  listResidents: { own: ownGroupParam, foreign: foreignGroupParam },
  listPreRegistrations: { own: ownGroupParam, foreign: foreignGroupParam },
  listResidentMoveOuts: { own: ownGroupParam, foreign: foreignGroupParam },
  bulkMoveOutResidents: {
    own: async (c) => ({ params: { groupId: c.group }, body: { residentIds: [await freshResident(c.group)] } }),
    foreign: (_c, f) => ({ params: { groupId: f.foreignGroup }, body: { residentIds: [f.foreignResident] } }),
  },
  bulkTransferResidents: {
    own: async (c) => ({
      params: { groupId: c.group },
      body: { destinationId: c.group, residentIds: [await freshResident(c.group)] },
    }),
    foreign: (c, f) => ({
      params: { groupId: f.foreignGroup },
      body: { destinationId: c.group, residentIds: [f.foreignResident] },
    }),
  },
  approveResident: {
    own: async (c) => ({ params: { id: await freshResident(c.group) }, body: {} }),
    foreign: (_c, f) => ({ params: { id: f.foreignResident }, body: {} }),
  },
  deleteResident: {
    own: async (c) => ({ params: { id: await freshResident(c.group) } }),
    foreign: (_c, f) => ({ params: { id: f.foreignResident } }),
  },
  updateResident: {
    // Property maintenance does not handle residents: another's record is out of their reach.
    ownRefused: (c) => c.userName === 'pet.owner' || c.userName === 'property.maintenance',
    own: (c) => ({
      body: { id: c.residentId, firstName: 'Near', lastName: 'By', email: 'near.by@mail.example', unitNumber: '1' },
    }),
    foreign: (_c, f) => ({
      body: { id: f.foreignResident, firstName: 'Far', lastName: 'Away', email: 'far@mail.example', unitNumber: '1' },
    }),
  },
  listPreRegisteredDogs: {
    ownRefused: (c) => c.userName === 'pet.owner',
    own: (c) => ({ params: { residentId: c.residentId } }),
    foreign: (_c, f) => ({ params: { residentId: f.foreignResident } }),
  },
  addPreRegisteredDog: {
    own: (c) => ({ params: { residentId: c.residentId }, body: { name: 'Matrix' } }),
    foreign: (_c, f) => ({ params: { residentId: f.foreignResident }, body: { name: 'Matrix' } }),
  },
  deletePreRegisteredDog: {
    own: async (c) => {
      const [dog] = await db.insert(preRegisteredDogs).values({ residentId: c.residentId, name: 'Gone' }).returning();
      return { params: { residentId: c.residentId, dogId: dog.id }, query: { confirmName: 'Gone' } };
    },
    foreign: (_c, f) => ({ params: { residentId: f.foreignResident, dogId: 1 }, query: { confirmName: 'x' } }),
  },
  uploadPreRegisteredDogImage: {
    ownRefused: (c) => c.userName === 'pet.owner' || c.userName === 'property.maintenance',
    own: async (c) => {
      const [dog] = await db.insert(preRegisteredDogs).values({ residentId: c.residentId, name: 'Photo' }).returning();
      return { params: { residentId: c.residentId, dogId: dog.id } };
    },
    foreign: (_c, f) => ({ params: { residentId: f.foreignResident, dogId: 1 } }),
  },
  getPropertyByPreRegCode: { own: () => ({ params: { code: 'OAKRIDGE' } }) },
  getPreRegistrationDocuments: none,
  getBotCheckChallenge: none,
  createPreRegResident: { own: () => ({ body: {} }) },
  listDocuments: none,
  createDocument: { own: () => ({ body: { name: `Matrix ${Math.random()}`, content: '<p>x</p>' } }) },
  getDocument: { own: () => ({ params: { id: 1 } }) },
  updateDocument: { own: () => ({ params: { id: 1 }, body: { name: 'Dog Owner Policy', content: '<p>Same</p>' } }) },
  parentagePets: none,
  parentageCandidates: parentageSample((x) => ({ query: { sampleNumber: x.puppy } })),
  parentageMatchResultSetFromSampleNumber: parentageSample((x) => ({ query: { sampleNumber: x.puppy } })),
  parentageMatchResultSetByPet: parentageSample((x) => ({ query: { sampleNumber: x.puppy } })),
  parentageResultHistory: parentageSample((x) => ({ query: { parentageResultSetId: x.setId } })),
  parentageTestResultsHistoryDetails: parentageSample((x) => ({ query: { matchResultSetId: x.setId } })),
  executeParentageTest: parentageSample((x) => ({ body: { puppy: x.puppy, dam: x.dam, sire: x.sire } })),
  overrideParentageMatchResult: parentageSample((x) => ({
    params: { setId: x.setId, resultId: x.resultId },
    body: { matchRunResult: 'Inconclusive', bioPetNotes: 'Matrix' },
  })),
  updateParentageNotes: parentageSample((x) => ({
    body: { MatchResultSetId: x.setId, MatchResultId: x.resultId, BioPetNotes: 'Matrix' },
  })),
  deleteParentageResult: parentageSample((x) => ({ body: { matchResultId: x.resultId, matchResultSetId: x.setId } })),
  proofOfParentageCertificate: parentageSample((x) => ({ query: { parentageResultId: x.resultId } })),
  duplicateDogReport: none,
  duplicateDogReportCsv: none,
  genderMismatchCsvReport: none,
  duplicateDogClusterSummary: { own: async () => ({ query: { id: (await duplicatePair()).clusterId } }) },
  duplicateDogEligibleClusters: {
    own: async () => ({ query: { sampleNumber: (await duplicatePair()).sampleNumber } }),
  },
  markDuplicateClusterReviewed: { own: async () => ({ body: { id: (await duplicatePair()).clusterId } }) },
  returnDuplicateClusterToPending: { own: async () => ({ body: { id: (await duplicatePair()).clusterId } }) },
  similarDnaProfiles: { own: async () => ({ query: { samplenumber: (await duplicatePair()).sampleNumber } }) },
  relativeDnaProfiles: { own: async () => ({ query: { samplenumber: (await duplicatePair()).sampleNumber } }) },
  emailLog: none,
  clearEmailLog: none,
  getEmailTemplates: none,
  getEmailTemplateConfigs: none,
  addEmailTemplateConfig: {
    own: async () => {
      await db.delete(emailTemplateConfigs).where(eq(emailTemplateConfigs.eventName, 'AdminPetOwnerMoveOut'));
      return { query: { templateKey: 'AdminPetOwnerMoveOut' }, body: { isActive: true } };
    },
  },
  updateEmailTemplateConfig: {
    own: async () => {
      await db.insert(emailTemplateConfigs).values({ eventName: 'Match' }).onConflictDoNothing();
      return { query: { templateKey: 'Match' }, body: { isActive: true } };
    },
  },
  deleteEmailTemplateConfig: {
    own: async () => {
      await db.insert(emailTemplateConfigs).values({ eventName: 'NoMatch' }).onConflictDoNothing();
      return { query: { templateKey: 'NoMatch' } };
    },
  },
  createEmailTemplate: { own: () => ({ body: { name: 'M', eventName: 'Fail', subject: 'S', body: '<p>B</p>' } }) },
  updateEmailTemplate: {
    own: async () => ({
      params: { id: await freshTemplate() },
      body: { name: 'M', eventName: 'Fail', subject: 'S', body: '<p>B</p>' },
    }),
  },
  deleteEmailTemplate: { own: async () => ({ params: { id: await freshTemplate() } }) },
  previewEmailTemplate: {
    own: () => ({ body: { eventName: 'Fail', subject: 'S {{sampleNumber}}', body: '<p>B</p>' } }),
  },
  auditLog: none,
  verifyAuditLog: none,
  listProducts: none,
  listProductsForAdmin: none,
  createProduct: {
    own: () => ({
      body: {
        id: 0,
        sku: `M${Math.random().toString(36).slice(2, 9)}`,
        name: 'M',
        price: 1,
        taxable: false,
        isActive: true,
      },
    }),
  },
  updateProduct: {
    own: async () => {
      const p = await freshProduct();
      return {
        params: { id: p.id },
        body: { id: p.id, sku: p.sku, name: 'Edited', price: 5, taxable: true, isActive: true },
      };
    },
  },
  deleteProduct: { own: async () => ({ params: { id: (await freshProduct()).id } }) },
  deactivateProduct: { own: async () => ({ params: { id: (await freshProduct()).id } }) },
  reactivateProduct: { own: async () => ({ params: { id: (await freshProduct()).id } }) },
  getLabSettings: none,
  saveLabSettings: { own: () => ({ body: { name: 'PetDNA Registry' } }) },
  // No file: refused (400) past the access checks.
  uploadLabLogo: none,
  removeLabLogo: none,
  saveLabSignatory: {
    own: async () => ({ params: { userId: (await userByName(db, 'lab.admin')).id }, body: { title: null } }),
  },
  uploadLabSignature: { own: async () => ({ params: { userId: (await userByName(db, 'lab.admin')).id } }) },
  verifyCertificate: { own: () => ({ query: { code: 'NOSUCHCERTIFICATECODE234' } }) },
  getEnabledCountries: none,
  getShopSettings: none,
  recordPageViews: { own: () => ({ body: { views: [{ routeName: '/matrix', viewedAt: new Date().toISOString() }] } }) },
  pageViewsPerRouteAndDay: none,
  petsEligibleForOrder: none,
  saveEnabledCountries: { own: () => ({ body: ['US', 'CA'] }) },
  listPromotionCodes: { own: async () => ({ query: { productId: (await freshProduct()).id } }) },
  addPromotionCode: {
    own: async () => ({
      body: { productId: (await freshProduct()).id, code: `M-${Math.random().toString(36).slice(2)}` },
    }),
  },
  importPromotionCodes: { own: async () => ({ query: { productId: (await freshProduct()).id } }) },
  assignCodeToOrderItem: staffOrder((o) => ({ orderId: o.order.id, orderItemId: o.item.id })),
  listProviderCodes: { own: () => ({ query: { provider: 'Retail' } }) },
  listCodeProviders: none,
  addProviderCode: { own: () => ({ body: { provider: 0, code: `M-${Math.random().toString(36).slice(2)}` } }) },
  importProviderCodes: { own: () => ({ query: { provider: 1 } }) },
  shopOffers: none,
  canPurchase: none,
  createCart: { own: () => ({ body: { items: [{ productId: 1, petId: 1 }] } }) },
  getCart: none,
  completePayment: {
    own: () => ({
      body: {
        billingAddress: {},
        cardData: {
          firstName: 'M',
          lastName: 'A',
          cardNumber: '42424242',
          cardToken: 'mc.visa.209912.abcdefghijklmnop',
        },
        total: 0,
      },
    }),
  },
  myOrders: none,
  allOrders: none,
  getOrder: {
    own: async (c) => ({ params: { id: (await freshOrder(c.userId)).order.id } }),
    foreign: async (_c, f) => ({ params: { id: (await freshOrder(f.foreignPetOwner)).order.id } }),
  },
  cancelOrder: staffOrder((o) => ({ orderId: o.order.id })),
  refundOrder: staffOrder((o) => ({ orderId: o.order.id, cancelFulfillment: false })),
  voidOrder: staffOrder((o) => ({ orderId: o.order.id, cancelFulfillment: true })),
  orderFulfillmentStatus: { own: async (c) => ({ body: { orderIds: [(await freshOrder(c.userId)).order.id] } }) },
  petOrderItems: { own: async (c) => ({ params: { petId: (await freshOrder(c.userId)).pet.id } }) },
  listFulfillments: none,
  fulfillmentCountByStatus: none,
  fulfillmentGenotypes: {
    own: async (c) => ({ query: { fulfillmentId: (await freshOrder(c.petOwnerId)).fulfilment.id } }),
  },
  checkFulfillmentActivation: fulfilment((id) => ({ fulfillmentIds: [id] })),
  fulfillmentStatusByOrder: { own: async (c) => ({ body: { orderIds: [(await freshOrder(c.userId)).order.id] } }) },
  selectFulfillmentGenotype: fulfilment((id) => ({ fulfillmentId: id, genotypeId: 1 })),
  markFulfillmentsPicked: fulfilment((id) => ({ fulfillmentIds: [id] })),
  generateAncestryPlate: fulfilment((id) => ({ fulfillmentIds: [id], plateNumber: 'M1', rows: 8, columns: 12 })),
  bulkUploadAncestryPlate: fulfilment((id) => ({
    plateNumber: 'M1',
    records: [{ fulfillmentId: id, tubeCode: 'T', wellLocation: 'A1' }],
  })),
  bulkImportAncestryPlate: fulfilment((id) => ({
    records: [{ fulfillmentId: id, sampleNumber: 'DN1', plateNumber: 'M1', tubeCode: 'T', wellLocation: 'A1' }],
  })),
  markFulfillmentPlated: fulfilment((id) => ({
    fulfillmentId: id,
    plateNumber: 'M1',
    tubeCode: 'T',
    wellLocation: 'A1',
  })),
  removeFulfillmentFromPlate: fulfilment((id) => ({ fulfillmentId: id })),
  updateFulfillmentTubeCodes: fulfilment((id) => [{ fulfillmentId: id, tubeCode: 'T2' }]),
  generateAncestryManifest: fulfilment((id) => ({ trackingNumber: '1Z', fulfillmentIds: [id] })),
  flagFulfillment: fulfilment((id) => ({ fulfillmentId: id, notes: 'Matrix' })),
  unflagFulfillment: fulfilment((id) => ({ fulfillmentId: id })),
  partnerIframeSession: none,
  partnerRegisterCurrentUser: none,
  tdAuditReport: groupQuery(),
  tdAuditReportExport: groupQuery(),
  inventoryReport: { own: ownGroupParam, foreign: foreignGroupParam },
  inventoryReportExport: { own: ownGroupParam, foreign: foreignGroupParam },
  sendInventoryAlerts: { own: ownGroupParam, foreign: foreignGroupParam },
  residentRegistrationsReport: { own: ownGroupParam, foreign: foreignGroupParam },
  residentRegistrationsExport: { own: ownGroupParam, foreign: foreignGroupParam },
  propertyExportCount: groupQuery({ exportOption: 1 }),
  propertyExport: groupQuery({ exportOption: 1 }),
  pooPrintsDetailReport: groupQuery(),
  pooPrintsDetailReportExport: groupQuery(),
  emailExportPreview: none,
  emailExport: none,
  tdReport: groupQuery(),
  tdReportChart: groupQuery(),
  tdReportExport: groupQuery(),
  noMatchToMatchReport: groupQuery(),
  noMatchToMatchChart: groupQuery(),
  noMatchToMatchExport: groupQuery(),
  universalSearch: { own: () => ({ query: { query: 'Biscuit' } }) },
  importResidentsColumnInfo: none,
  duplicateDogsReport: groupQuery(),
  duplicateDogsReportExport: groupQuery(),
  genderMismatchReport: groupQuery(),
  genderMismatchReportExport: groupQuery(),
  getFineSchedule: { own: ownGroupParam, foreign: foreignGroupParam },
  saveFineSchedule: {
    own: (c) => ({ ...ownGroupParam(c), body: fineSchedule }),
    foreign: (c, f) => ({ ...foreignGroupParam(c, f), body: fineSchedule }),
  },
  clearFineSchedule: { own: ownGroupParam, foreign: foreignGroupParam },
  // A NoMatch result: refused (400) past the access checks.
  issueViolationNotice: resultSetSample(({ result }) => ({ body: { matchResultId: result.id } })),
  getViolationNotice: noticeSample('Disputed'),
  reviewViolationNotice: noticeSample('Disputed', { decision: 'Waive', notes: 'Matrix' }),
  requestViolationReswab: noticeSample('Disputed', { notes: 'Matrix' }),
  decideViolationAppeal: noticeSample('Appealed', { decision: 'Waive', notes: 'Matrix' }),
  violationLedger: { own: ownGroupParam, foreign: foreignGroupParam },
  violationTotals: { own: ownGroupParam, foreign: foreignGroupParam },
  violationLedgerExport: {
    own: (c) => ({ ...ownGroupParam(c), query: { format: 'csv' } }),
    foreign: (c, f) => ({ ...foreignGroupParam(c, f), query: { format: 'csv' } }),
  },
  myViolationNotices: none,
  myViolationNotice: noticeSample('Issued'),
  // The wrong amount: refused (400) past the access checks.
  payViolationNotice: noticeSample('Issued', {
    billingAddress: {},
    cardData: { firstName: 'M', lastName: 'A', cardNumber: '42424242', cardToken: 'mc.visa.209912.abcdefghijklmnop' },
    amount: 1,
  }),
  // A JSON body where the dispute takes a multipart form: a 400 past the access checks (the notice is loaded first).
  disputeViolationNotice: noticeSample('Issued', { reason: 'Matrix' }),
  appealViolationNotice: noticeSample('Upheld', { reason: 'Matrix' }),
  // A property name that names nothing: the row is answered 'Property not found' (a 200 past the access checks).
  importNewResidents: {
    own: () => ({ body: [{ rowNumber: 2, PropertyName: 'Matrix Nowhere', FirstName: 'A', LastName: 'B' }] }),
  },
  // Rent-roll sync (issue 42): the caller's own group (a 400 when it is not a property, past the access checks).
  getRentRollMapping: { own: ownGroupParam, foreign: foreignGroupParam },
  saveRentRollMapping: {
    own: (c) => ({ ...ownGroupParam(c), body: RENT_ROLL_MAPPING }),
    foreign: (c, f) => ({ ...foreignGroupParam(c, f), body: RENT_ROLL_MAPPING }),
  },
  // No mapping saved yet: refused (400) before the file is read.
  importRentRoll: { own: ownGroupParam, foreign: foreignGroupParam },
  getRentRollProposal: {
    own: async (c) => ({ params: { groupId: c.group, id: await freshRentRollImport(c.group) } }),
    foreign: async (_c, f) => ({ params: { groupId: f.foreignGroup, id: await freshRentRollImport(f.foreignGroup) } }),
  },
  // Nothing chosen: a 400 past the access checks.
  applyRentRoll: {
    own: async (c) => ({ params: { groupId: c.group, id: await freshRentRollImport(c.group) }, body: {} }),
    foreign: async (_c, f) => ({
      params: { groupId: f.foreignGroup, id: await freshRentRollImport(f.foreignGroup) },
      body: {},
    }),
  },
  // Program and lab analytics (issue 42).
  programAnalytics: groupQuery(ANALYTICS_PERIOD),
  programAnalyticsExport: groupQuery(ANALYTICS_PERIOD),
  labAnalytics: { own: () => ({ query: ANALYTICS_PERIOD }) },
  labAnalyticsExport: { own: () => ({ query: ANALYTICS_PERIOD }) },
};

/** The roles a route's access rule admits, from the rights table's role lists. */
function admitted(access: Access): readonly number[] | 'everyone' | 'signedIn' {
  if (access === 'anonymous') return 'everyone';
  if (access === 'signedIn') return 'signedIn';
  if (access === 'admin') return adminRoles;
  if (access === 'adminManager') return RIGHTS_TABLE['admin.view'];
  if (access === 'providerStaff') return adminRoles.filter(isProviderStaffRole);
  if ('right' in access) return RIGHTS_TABLE[access.right];
  return access;
}

type Operation = { method: string; path: string; operationId: string; access: Access };
let operations: Operation[] = [];
const callers: Caller[] = [];
let fixture: Fixture;

beforeAll(async () => {
  t = await startTestApp();
  db = t.database.db;
  const document = (await t.call('GET', '/api/docs/json')).body as {
    paths: Record<string, Record<string, { operationId: string; 'x-access'?: Access }>>;
  };
  operations = Object.entries(document.paths).flatMap(([path, byMethod]) =>
    Object.entries(byMethod).map(([method, operation]) => ({
      method: method.toUpperCase(),
      path,
      operationId: operation.operationId,
      access: operation['x-access'] as Access,
    })),
  );
  const other = await makeOtherDistributorship(db);
  const foreignOwner = await makePetOwner(db, { groupId: other.property.id });
  const [foreignResident] = await db
    .insert(preRegisteredResidents)
    .values({ groupId: other.property.id, firstName: 'Far', lastName: 'Away' })
    .returning();
  fixture = {
    foreignGroup: other.property.id,
    foreignAdmin: other.propertyManager.id,
    foreignPetOwner: foreignOwner.id,
    foreignResident: foreignResident.id,
  };
  for (const userName of DEMO_USERS) {
    const user = await userByName(db, userName);
    const own = await groupByName(db, OWN_GROUP[userName]);
    const ownOwner = user.roleId === UserRole.PetOwner ? user : await makePetOwner(db, { groupId: own.id });
    const [ownResident] =
      userName === 'RES0000001'
        ? await db.select().from(preRegisteredResidents).where(eq(preRegisteredResidents.userId, user.id))
        : await db
            .insert(preRegisteredResidents)
            .values({ groupId: own.id, firstName: 'Near', lastName: 'By' })
            .returning();
    callers.push({
      userName,
      userId: user.id,
      roleId: user.roleId,
      token: await t.login(userName),
      group: own.id,
      petOwnerId: ownOwner.id,
      residentId: ownResident.id,
    });
  }
});
afterAll(async () => {
  await t?.close();
});

function fill(path: string, params: Record<string, unknown> = {}) {
  return path.replace(/\{(\w+)\}/g, (_m, name: string) => {
    if (params[name] === undefined) throw new Error(`The sample gives no path parameter ${name} for ${path}.`);
    return encodeURIComponent(String(params[name]));
  });
}
async function send(operation: Operation, input: Input, token?: string) {
  const query = input.query
    ? `?${new URLSearchParams(Object.entries(input.query).map(([k, v]): [string, string] => [k, String(v)]))}`
    : '';
  // A plain string body (the notes of a sample action) is sent as the JSON string it is.
  const json = typeof input.body === 'string';
  return t.call(operation.method as 'GET', `${fill(operation.path, input.params)}${query}`, {
    token,
    body: json ? JSON.stringify(input.body) : input.body,
    headers: json ? { 'content-type': 'application/json' } : undefined,
  });
}

describe('access matrix', () => {
  test('every route has a sample input and declares its access rule', () => {
    expect(operations.length).toBeGreaterThan(50);
    const missing = operations
      .filter((operation) => !SAMPLES[operation.operationId])
      .map((operation) => `${operation.operationId}: add a sample input to SAMPLES in access-matrix.api.test.ts`);
    expect(missing).toEqual([]);
    expect(operations.filter((operation) => !operation.access).map((operation) => operation.operationId)).toEqual([]);
  });

  test('anonymous callers get 401 on every route that is not anonymous', async () => {
    const wrong: string[] = [];
    for (const operation of operations) {
      const sample = SAMPLES[operation.operationId];
      if (!sample) continue;
      const response = await send(operation, await sample.own(callers[0], fixture));
      const expected = operation.access === 'anonymous' ? 'not 401, below 500' : '401';
      const ok =
        operation.access === 'anonymous' ? response.status !== 401 && response.status < 500 : response.status === 401;
      if (!ok) wrong.push(`${operation.method} ${operation.path}: ${response.status}, expected ${expected}`);
    }
    expect(wrong).toEqual([]);
  });

  test.each(DEMO_USERS)('%s: own group as the table allows, foreign ids not found, never 5xx', async (userName) => {
    const caller = callers.find((entry) => entry.userName === userName)!;
    const wrong: string[] = [];
    for (const operation of operations) {
      const sample = SAMPLES[operation.operationId];
      // The token and logout routes would end the caller's own session; the token call is covered anonymously.
      if (!sample || operation.operationId === 'logout' || operation.access === 'anonymous') continue;
      const roles = admitted(operation.access);
      const routeAdmits = roles === 'everyone' || roles === 'signedIn' || roles.includes(caller.roleId);
      const tableAdmits = routeAdmits && (!sample.right || can(caller.roleId, sample.right));
      const own = await send(operation, await sample.own(caller, fixture), caller.token);
      const label = `${operation.method} ${operation.path} (own)`;
      if (own.status >= 500) wrong.push(`${label}: ${own.status}`);
      else if (!tableAdmits && own.status !== 403) wrong.push(`${label}: ${own.status}, expected 403`);
      else if (tableAdmits && sample.ownRefused?.(caller) && own.status !== 404)
        wrong.push(`${label}: ${own.status}, expected 404`);
      else if (tableAdmits && !sample.ownRefused?.(caller) && [401, 403, 404].includes(own.status)) {
        wrong.push(`${label}: ${own.status} ${JSON.stringify(own.body)}, expected an answer past the access checks`);
      }
      if (!sample.foreign || !tableAdmits || isProviderStaffRole(caller.roleId)) continue;
      const foreign = await send(operation, await sample.foreign(caller, fixture), caller.token);
      // Whatever lies outside the caller's groups answers exactly as a missing id.
      if (foreign.status !== 404)
        wrong.push(
          `${operation.method} ${operation.path} (foreign): ${foreign.status} ${JSON.stringify(foreign.body)}`,
        );
    }
    expect(wrong).toEqual([]);
  });
});
