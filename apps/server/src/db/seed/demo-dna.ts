// The DNA lab's demo data, seeded once after the demo seed on `npm start` (run-server.ts; the tests' seeded database leaves it
// out, so their plates and the registry index start empty): one 96-well canine plate typed from the engine's synthetic
// population with the demo pets' profiles approved (their samples DnaProcessingComplete, in the registry index at
// start-up) and three waste samples left by two of those dogs, received at Oak Ridge with approved profiles, so the
// plate view, plate files, sample data and an identity search show something. Two dogs show the verification test
// (issue 23): Luna has an approved one (her verification sample typed on the plate and approved, her first profile
// archived, the certificate downloadable) and Rocky waits for his second swab (VerificationTestRequested).
import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import {
  ISAG_2006_CANINE,
  alleleText,
  createPopulation,
  exportGeneMapper,
  plateWells,
  type DnaProfile,
  type ExportSample,
} from '@registry/genetics';
import { DnaProfileLabStatus, SampleCustomerStatus, SampleType } from '@registry/contracts';
import type { Db } from '../client.ts';
import type { FilesStore } from '../../platform/files.ts';
import {
  dnaApprovalDates,
  dnaIndexChanges,
  dnaPlates,
  dnaProfiles,
  groups,
  petOwnerGroups,
  pets,
  wasteSamples,
} from '../schema/index.ts';

export const DEMO_PLATE_NAME = 'Demo plate 1';
const WASTE_NUMBERS = ['TD0200001', 'TD0200002', 'TD0200003'];
/** The demo dogs of the verification test: one approved, one waiting for its second swab. */
export const DEMO_VERIFIED_DOG = 'Luna';
export const DEMO_VERIFICATION_REQUESTED_DOG = 'Rocky';

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
  rows.forEach((row, i) => {
    row.well = wells[i + 1];
    samples.push({ sampleName: row.sampleNumber, well: row.well, profile: row.profile, runName });
  });
  const text = exportGeneMapper(panel, samples, { runName });
  const filePath = await files.put(Buffer.from(text), 'text/plain');
  const approved = new Date();

  await db.transaction(async (tx) => {
    await tx.insert(wasteSamples).values(
      WASTE_NUMBERS.map((sampleNumber, i) => ({
        sampleNumber,
        propertyId: property.id,
        collectedByName: 'Marco Diaz',
        collectionLocationNotes: ['Dog run by building B', 'Front lawn', 'Parking lot island'][i],
        dateCollected: '2026-02-02',
        customerFacingStatus: SampleCustomerStatus.DnaSampleReceived,
        dateReceived: approved,
      })),
    );
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
          labStatus: r.superseded ? DnaProfileLabStatus.Inactive : DnaProfileLabStatus.Approved,
          dateApproved: approved,
        })),
      )
      .returning({ id: dnaProfiles.id, sampleNumber: dnaProfiles.sampleNumber, sampleType: dnaProfiles.sampleType });
    // Logged like every approval, so an API process already running picks them up at its next search.
    await tx
      .insert(dnaIndexChanges)
      .values(profiles.filter((p) => p.sampleType === SampleType.Pet).map((p) => ({ dnaProfileId: p.id })));
    await tx
      .insert(dnaApprovalDates)
      .values(profiles.map((p) => ({ sampleNumber: p.sampleNumber, dnaProfileId: p.id, dateCreated: approved })));
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
