// The demo's results, made once the app runs (its job queue started) on a database the demo seed just filled, through
// the product's own services as the lab and a pet owner would: the lab approves the profiles demo-dna.ts left for review
// (the match runs of Oak Ridge's waste samples are queued and run by the job worker), approves the Match and a NoMatch
// pair (a no-match cluster of one unknown dog; the letters go out, the samples move on to DNA processing complete),
// leaves the Inconclusive for review, runs the Lone Star parentage test (Certified) and Jordan Blake buys an ancestry
// kit for Pepper. Nothing here writes a result row by hand, so every rule of those services holds for the demo too.
import { and, eq, inArray } from 'drizzle-orm';
import {
  DnaProfileLabStatus,
  UserRole,
  isAdminRole,
  isProviderStaffRole,
  type MatchRunResultName,
} from '@registry/contracts';
import type { Services, SignedInContext } from '../platform/context.ts';
import { updateStatus } from '../modules/dna/processing.service.ts';
import { approveResult } from '../modules/wasteresults/wasteresults.service.ts';
import { executeTest } from '../modules/parentage/parentage.service.ts';
import { completePayment, createCart } from '../modules/shop/cart.service.ts';
import { dnaPlates, dnaProfiles, pets, products, users, wasteResultSets, wasteSamples } from '../db/schema/index.ts';
import { DEMO_PET_OWNER } from './demo.ts';
import { DEMO_PARENTAGE, DEMO_PLATE_NAME, DEMO_RESULT_WASTE } from './demo-dna.ts';

const RUNS_WAIT_MS = 30_000;

/** The demo's results; answers without doing anything when the demo DNA is not there (no plate, nothing pending). */
export async function seedDemoResults(services: Services): Promise<void> {
  const { db } = services;
  const [plate] = await db.select({ id: dnaPlates.id }).from(dnaPlates).where(eq(dnaPlates.plateName, DEMO_PLATE_NAME));
  if (!plate) return;
  const pending = await db
    .select({ id: dnaProfiles.id })
    .from(dnaProfiles)
    .where(and(eq(dnaProfiles.plateId, plate.id), eq(dnaProfiles.labStatus, DnaProfileLabStatus.New)));
  if (pending.length === 0) return;
  const lab = await signedIn(services, 'lab.admin');
  await updateStatus(
    lab,
    pending.map((p) => p.id),
    DnaProfileLabStatus.Approved,
  );

  const { match, noMatch, inconclusive } = DEMO_RESULT_WASTE;
  const latest = await waitForFirstRuns(services, [match, ...noMatch, inconclusive]);
  const expect = (sampleNumber: string, status: MatchRunResultName) => {
    const run = latest.get(sampleNumber);
    if (run?.status !== status)
      throw new Error(`Demo results: ${sampleNumber} was expected to be a ${status}, not ${run?.status ?? 'missing'}.`);
    return run.resultId;
  };
  expect(inconclusive, 'Inconclusive');
  await approveResult(lab, expect(match, 'Match'));
  for (const sampleNumber of noMatch) await approveResult(lab, expect(sampleNumber, 'NoMatch'));

  await executeTest(lab, await trioNumbers(services));
  await buyAncestryKit(services);
}

/** A signed-in context for a demo user, as a session would give (no session row: nobody signed in). */
async function signedIn(services: Services, userName: string): Promise<SignedInContext> {
  const [user] = await services.db.select().from(users).where(eq(users.userName, userName));
  if (!user) throw new Error(`Demo results: no user ${userName}.`);
  return {
    ...services,
    requestId: 'seed',
    ip: '127.0.0.1',
    caller: {
      userId: user.id,
      userName: user.userName,
      fullName: `${user.firstName ?? ''} ${user.lastName ?? ''}`.trim(),
      roleId: user.roleId,
      sessionId: 0,
      isProviderStaff: isProviderStaffRole(user.roleId),
      isAdmin: isAdminRole(user.roleId),
      isPetOwner: user.roleId === UserRole.PetOwner,
      isResident: false,
      impersonatedByUserId: null,
    },
  };
}

/** Waits for the job worker's first match runs of these waste samples; answers each one's latest result. */
async function waitForFirstRuns(services: Services, sampleNumbers: string[]) {
  const until = Date.now() + RUNS_WAIT_MS;
  for (;;) {
    const rows = await services.db
      .select({
        sampleNumber: wasteSamples.sampleNumber,
        resultId: wasteResultSets.latestResultId,
        status: wasteResultSets.latestStatus,
      })
      .from(wasteResultSets)
      .innerJoin(wasteSamples, eq(wasteSamples.id, wasteResultSets.wasteSampleId))
      .where(inArray(wasteSamples.sampleNumber, sampleNumbers));
    const done = rows.filter((r) => r.resultId !== null);
    if (done.length === sampleNumbers.length)
      return new Map(done.map((r) => [r.sampleNumber, { resultId: r.resultId!, status: r.status }]));
    if (Date.now() > until)
      throw new Error(`Demo results: the match runs of ${sampleNumbers.join(', ')} did not finish in time.`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function trioNumbers(services: Services) {
  const names = [DEMO_PARENTAGE.puppy, DEMO_PARENTAGE.dam, DEMO_PARENTAGE.sire];
  const rows = await services.db
    .select({ name: pets.name, sampleNumber: pets.sampleNumber })
    .from(pets)
    .where(inArray(pets.name, names));
  const numberOf = (name: string) => {
    const sampleNumber = rows.find((r) => r.name === name)?.sampleNumber;
    if (!sampleNumber) throw new Error(`Demo results: no dog ${name}.`);
    return sampleNumber;
  };
  return {
    puppy: numberOf(DEMO_PARENTAGE.puppy),
    dam: numberOf(DEMO_PARENTAGE.dam),
    sire: numberOf(DEMO_PARENTAGE.sire),
  };
}

/** Jordan Blake's order: the ancestry kit for Pepper, paid with the built-in provider's test card. */
async function buyAncestryKit(services: Services) {
  const owner = await signedIn(services, DEMO_PET_OWNER);
  const [kit] = await services.db.select().from(products).where(eq(products.sku, 'ANC-DOG-KIT'));
  const [pepper] = await services.db
    .select({ id: pets.id })
    .from(pets)
    .where(and(eq(pets.name, 'Pepper'), eq(pets.petOwnerId, owner.caller.userId)));
  if (!kit || !pepper) return;
  const cart = await createCart(owner, [{ productId: kit.id, petId: pepper.id }]);
  await completePayment(owner, {
    billingAddress: {
      addressLine1: '4500 Oak Ridge Dr',
      addressLine2: null,
      addressLine3: null,
      city: 'Austin',
      stateId: 'US-TX',
      countryId: 'US',
      postalCode: '78745',
    },
    cardData: {
      firstName: 'Jordan',
      lastName: 'Blake',
      cardNumber: '42424242',
      cardType: 'Visa',
      cardToken: 'mc.visa.209912.demoseed000000000001',
    },
    total: cart.grandTotal,
  });
}
