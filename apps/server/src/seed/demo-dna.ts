// The DNA lab's demo data, seeded once after the demo seed on `npm start` (run-server.ts; the tests' seeded database leaves it
// out, so their plates and the registry index start empty): one 96-well canine plate typed from the engine's synthetic
// population with the demo pets' profiles approved (their samples DnaProcessingComplete, in the registry index at
// start-up) and three waste samples left by two of those dogs, received at Oak Ridge with approved profiles, so the
// plate view, plate files, sample data and an identity search show something. Two dogs show the verification test
// (issue 23): Luna has an approved one (her verification sample typed on the plate and approved, her first profile
// archived, the certificate downloadable) and Rocky waits for his second swab (VerificationTestRequested).
// The same plate carries what the demo's results are made from (demo-results.ts approves them through the lab's own
// services once the app runs): four more waste samples at Oak Ridge (one Pepper left, two from a dog no one
// registered, one from Milo with a marker that disagrees), and at Lone Star a sire and a puppy of Duchess and Bandit,
// a dog registered before as Rocky at Maple Court (a duplicate dog), their profiles waiting for the lab's review.
import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import {
  ISAG_2006_CANINE,
  Sex,
  alleleText,
  createPopulation,
  exportGeneMapper,
  plateWells,
  setGenotype,
  type DnaProfile,
  type ExportSample,
} from '@registry/genetics';
import { DnaProfileLabStatus, Gender, SampleCustomerStatus, SampleType } from '@registry/contracts';
import type { Db } from '../db/client.ts';
import type { FilesStore } from '../platform/files.ts';
import {
  dnaApprovalDates,
  dnaIndexChanges,
  dnaPlates,
  dnaProfiles,
  groups,
  petOwnerGroups,
  pets,
  wasteSamples,
} from '../db/schema/index.ts';

export const DEMO_PLATE_NAME = 'Demo plate 1';
const WASTE_NUMBERS = ['TD0200001', 'TD0200002', 'TD0200003'];
/** The demo dogs of the verification test: one approved, one waiting for its second swab. */
export const DEMO_VERIFIED_DOG = 'Luna';
export const DEMO_VERIFICATION_REQUESTED_DOG = 'Rocky';
/** The waste samples whose results the demo shows at Oak Ridge (demo-results.ts runs and approves them). */
export const DEMO_RESULT_WASTE = {
  match: 'TD0200004',
  noMatch: ['TD0200005', 'TD0200006'],
  inconclusive: 'TD0200007',
} as const;
/** The certified parentage trio at Lone Star (Duchess is the dam) and the duplicate of Rocky. */
export const DEMO_PARENTAGE = { dam: 'Duchess', sire: 'Ranger', puppy: 'Goldie' } as const;
export const DEMO_DUPLICATE_DOG = 'Bandit';

export async function seedDemoDna(db: Db, files: FilesStore): Promise<void> {
  const [existing] = await db.select({ id: dnaPlates.id }).from(dnaPlates).limit(1);
  if (existing) return;
  const panel = ISAG_2006_CANINE;
  const pop = createPopulation(panel, 2026);
  const owned = await db
    .select({ id: pets.id, name: pets.name, sampleNumber: pets.sampleNumber, groupId: petOwnerGroups.groupId })
    .from(pets)
    .innerJoin(petOwnerGroups, eq(petOwnerGroups.petOwnerId, pets.petOwnerId))
    .where(and(isNotNull(pets.sampleNumber), isNotNull(pets.petOwnerId)))
    .orderBy(asc(pets.id));
  if (owned.length === 0) return;
  const dogs = new Map<string, DnaProfile>(owned.map((p) => [p.sampleNumber!.toUpperCase(), pop.dog()]));
  // The first demo owner's property (Oak Ridge) is where the waste samples were collected.
  const [property] = await db.select({ id: groups.id }).from(groups).where(eq(groups.id, owned[0].groupId));

  const wells = plateWells(96);
  const ladder: string[][] = panel.markers.map(() => []);
  for (const d of pop.distributions) ladder[d.marker] = d.alleles.map(alleleText);
  const runName = 'Demo_Run_1';
  const samples: ExportSample[] = [{ sampleName: 'Allelic Ladder', well: wells[0], alleles: ladder, runName }];
  const rows: {
    sampleNumber: string;
    sampleType: number;
    profile: DnaProfile;
    well: string;
    superseded?: boolean;
    /** Waiting for the lab's review (demo-results.ts approves it). */
    pending?: boolean;
  }[] = [];
  const numberOf = (name: string) => owned.find((p) => p.name === name)?.sampleNumber?.toUpperCase() ?? null;
  const verified = numberOf(DEMO_VERIFIED_DOG);
  const waiting = numberOf(DEMO_VERIFICATION_REQUESTED_DOG);
  for (const [sampleNumber, profile] of dogs)
    rows.push({ sampleNumber, sampleType: SampleType.Pet, profile, well: '', superseded: sampleNumber === verified });
  // The verified dog's second swab, typed again (it agrees, being the same dog): the approved profile now.
  if (verified)
    rows.push({ sampleNumber: verified, sampleType: SampleType.Pet, profile: dogs.get(verified)!, well: '' });
  const sources = [...dogs.values()];
  WASTE_NUMBERS.forEach((sampleNumber, i) =>
    rows.push({ sampleNumber, sampleType: SampleType.WasteSample, profile: pop.wasteFrom(sources[i % 2]), well: '' }),
  );
  // Drawn after everything above, so the profiles of the dogs and waste samples before stay what they were.
  const extra = demoResultProfiles(pop, dogs, numberOf);
  for (const row of rows)
    if (row.sampleType === SampleType.Pet) row.profile = dogs.get(row.sampleNumber) ?? row.profile;
  rows.push(...extra.rows);
  rows.forEach((row, i) => {
    row.well = wells[i + 1];
    samples.push({ sampleName: row.sampleNumber, well: row.well, profile: row.profile, runName });
  });
  const text = exportGeneMapper(panel, samples, { runName });
  const filePath = await files.put(Buffer.from(text), 'text/plain');
  const approved = new Date();

  await db.transaction(async (tx) => {
    await tx.insert(wasteSamples).values([
      ...WASTE_NUMBERS.map((sampleNumber, i) => ({
        sampleNumber,
        propertyId: property.id,
        collectedByName: 'Marco Diaz',
        collectionLocationNotes: ['Dog run by building B', 'Front lawn', 'Parking lot island'][i],
        dateCollected: '2026-02-02',
        customerFacingStatus: SampleCustomerStatus.DnaSampleReceived,
        dateReceived: approved,
      })),
      ...RESULT_WASTE_NUMBERS.map((sampleNumber, i) => ({
        sampleNumber,
        propertyId: property.id,
        collectedByName: 'Marco Diaz',
        collectionLocationNotes: ['Playground fence', 'Pool gate', 'Pool gate', 'Mailbox kiosk'][i],
        dateCollected: `2026-02-${String(9 + i).padStart(2, '0')}`,
        customerFacingStatus: SampleCustomerStatus.DnaSampleReceived,
        dateReceived: approved,
      })),
    ]);
    await insertExtraPets(tx, extra.pets);
    const [plate] = await tx
      .insert(dnaPlates)
      .values({
        plateName: DEMO_PLATE_NAME,
        fileName: 'Demo plate 1.txt',
        filePath,
        panelId: panel.id,
        plateSize: 96,
        layout: 'long',
        controlsPassed: true,
        controlsOverridden: true,
        wells: [
          { well: wells[0], sampleName: 'Allelic Ladder', kind: 'AllelicLadder' },
          ...rows.map((r) => ({
            well: r.well,
            sampleName: r.sampleNumber,
            kind: r.sampleType === SampleType.Pet ? 'Pet' : 'WasteSample',
          })),
        ],
        createdByName: 'Demo seed',
      })
      .returning();
    const profiles = await tx
      .insert(dnaProfiles)
      .values(
        rows.map((r) => ({
          plateId: plate.id,
          sampleNumber: r.sampleNumber,
          sampleType: r.sampleType,
          panelId: panel.id,
          codes: Array.from(r.profile.codes),
          result: 'Pass',
          well: r.well,
          labStatus: r.pending
            ? DnaProfileLabStatus.New
            : r.superseded
              ? DnaProfileLabStatus.Inactive
              : DnaProfileLabStatus.Approved,
          dateApproved: r.pending ? null : approved,
        })),
      )
      .returning({ id: dnaProfiles.id, sampleNumber: dnaProfiles.sampleNumber, sampleType: dnaProfiles.sampleType });
    const approvedProfiles = profiles.filter((_, i) => !rows[i].pending);
    // Logged like every approval, so an API process already running picks them up at its next search.
    await tx
      .insert(dnaIndexChanges)
      .values(approvedProfiles.filter((p) => p.sampleType === SampleType.Pet).map((p) => ({ dnaProfileId: p.id })));
    await tx
      .insert(dnaApprovalDates)
      .values(
        approvedProfiles.map((p) => ({ sampleNumber: p.sampleNumber, dnaProfileId: p.id, dateCreated: approved })),
      );
    await tx
      .update(pets)
      .set({ customerFacingStatus: SampleCustomerStatus.DnaProcessingComplete, statusLastUpdated: approved })
      .where(inArray(sql`upper(${pets.sampleNumber})`, [...dogs.keys()]));
    if (verified)
      await tx
        .update(pets)
        .set({ hasApprovedVerificationTest: true })
        .where(eq(sql`upper(${pets.sampleNumber})`, verified));
    if (waiting)
      await tx
        .update(pets)
        .set({ customerFacingStatus: SampleCustomerStatus.VerificationTestRequested })
        .where(eq(sql`upper(${pets.sampleNumber})`, waiting));
  });
}

const RESULT_WASTE_NUMBERS = [
  DEMO_RESULT_WASTE.match,
  ...DEMO_RESULT_WASTE.noMatch,
  DEMO_RESULT_WASTE.inconclusive,
] as const;

type ExtraPet = { name: string; breed: string; gender: number; sampleNumber: string; ownerOf: string };

/**
 * The profiles of the demo's results: the waste samples at Oak Ridge (Pepper's; two of a dog no one registered; Milo's
 * with one marker called one repeat off, which the engine leaves for review), the Lone Star trio (Duchess's profile
 * drawn as the female she is, a sire and their puppy) and Bandit, Rocky typed again under another name. All wait for review.
 */
function demoResultProfiles(
  pop: ReturnType<typeof createPopulation>,
  dogs: Map<string, DnaProfile>,
  numberOf: (name: string) => string | null,
) {
  const panel = pop.panel;
  const profileOf = (name: string) => dogs.get(numberOf(name)!)!;
  const clean = { dropoutRate: 0, missingRate: 0, offLadderRate: 0 };
  const stray = pop.dog();
  const milo = pop.wasteFrom(profileOf('Milo'), clean);
  const marker = panel.typingMarkers[3];
  const step = (panel.markers[marker].repeatLength ?? 4) * 10;
  const [a, b] = [milo.codes[marker * 2], milo.codes[marker * 2 + 1]];
  setGenotype(milo, marker, a, Math.max(a, b) + step);
  const waste: [string, DnaProfile][] = [
    [DEMO_RESULT_WASTE.match, pop.wasteFrom(profileOf('Pepper'))],
    [DEMO_RESULT_WASTE.noMatch[0], pop.wasteFrom(stray)],
    [DEMO_RESULT_WASTE.noMatch[1], pop.wasteFrom(stray)],
    [DEMO_RESULT_WASTE.inconclusive, milo],
  ];
  const dam = pop.dog(Sex.Female);
  const sire = pop.dog(Sex.Male);
  const [puppy] = pop.litter(dam, sire, 1);
  // Duchess is the dam: her profile (approved with the other demo dogs) is a female's, drawn here after the rest.
  const duchess = numberOf(DEMO_PARENTAGE.dam);
  if (duchess) dogs.set(duchess, dam);
  const pets: ExtraPet[] = [
    {
      name: DEMO_PARENTAGE.sire,
      breed: 'Golden Retriever',
      gender: Gender.Male,
      sampleNumber: 'DN1000007',
      ownerOf: DEMO_PARENTAGE.dam,
    },
    {
      name: DEMO_PARENTAGE.puppy,
      breed: 'Golden Retriever',
      gender: Gender.Female,
      sampleNumber: 'DN1000008',
      ownerOf: DEMO_PARENTAGE.dam,
    },
    {
      name: DEMO_DUPLICATE_DOG,
      breed: 'Boxer',
      gender: Gender.Male,
      sampleNumber: 'DN1000009',
      ownerOf: DEMO_PARENTAGE.dam,
    },
  ];
  const rocky = profileOf(DEMO_VERIFICATION_REQUESTED_DOG);
  const rows = [
    ...waste.map(([sampleNumber, profile]) => ({ sampleNumber, profile, sampleType: SampleType.WasteSample })),
    { sampleNumber: pets[0].sampleNumber, profile: sire, sampleType: SampleType.Pet },
    { sampleNumber: pets[1].sampleNumber, profile: puppy, sampleType: SampleType.Pet },
    { sampleNumber: pets[2].sampleNumber, profile: rocky, sampleType: SampleType.Pet },
  ].map((row) => ({ ...row, well: '', pending: true }));
  return { rows, pets };
}

/** The Lone Star dogs of the demo's results, owned by Duchess's owner, their samples received. */
async function insertExtraPets(tx: Db, extra: ExtraPet[]) {
  for (const pet of extra) {
    const [owner] = await tx
      .select({ petOwnerId: pets.petOwnerId })
      .from(pets)
      .where(eq(pets.name, pet.ownerOf))
      .limit(1);
    if (!owner?.petOwnerId) continue;
    await tx.insert(pets).values({
      petOwnerId: owner.petOwnerId,
      name: pet.name,
      breed: pet.breed,
      gender: pet.gender,
      sampleNumber: pet.sampleNumber,
      customerFacingStatus: SampleCustomerStatus.DnaSampleReceived,
      isParentage: true,
      isPooPrints: false,
    });
  }
}
