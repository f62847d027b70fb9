// Test support: registers synthetic dogs (the engine's generator) as pets with approved DNA profiles on one stored plate,
// logged for the registry index, as the lab's approval leaves them.
import { ISAG_2006_CANINE, createPopulation, type DnaProfile } from '@registry/genetics';
import { DnaProfileLabStatus, Gender, SampleCustomerStatus, SampleType } from '@registry/contracts';
import type { Db } from '../src/db/client.ts';
import { dnaIndexChanges, dnaPlates, dnaProfiles, pets } from '../src/db/schema/index.ts';

export const TEST_PANEL = ISAG_2006_CANINE;
export const testPopulation = (seed: number) => createPopulation(TEST_PANEL, seed);

let serial = 3_000_000 + Math.floor(Math.random() * 3_000_000);
/** A fresh pet sample number (DN and 7 digits). */
export const freshDn = () => `DN${++serial}`;

export type TestDog = {
  profile: DnaProfile;
  name?: string;
  gender?: number;
  ownerId?: number | null;
  isParentage?: boolean;
  sampleNumber?: string;
  /** The profile's amelogenin call; by default the one the recorded gender implies. */
  sex?: 'Male' | 'Female' | 'Unknown';
};

let plateSerial = 0;
/** Inserts the dogs as pets with approved profiles; returns each dog's sample number, pet id and profile id. */
export async function registerDogs(db: Db, dogs: TestDog[]) {
  const [plate] = await db
    .insert(dnaPlates)
    .values({
      plateName: `parentage-test-${process.pid}-${++plateSerial}-${Math.random().toString(36).slice(2, 8)}`,
      fileName: 'synthetic.txt',
      filePath: 'none',
      panelId: TEST_PANEL.id,
      plateSize: 96,
      layout: 'long',
      controlsPassed: true,
    })
    .returning();
  const numbered = dogs.map((d) => ({ ...d, sampleNumber: d.sampleNumber ?? freshDn() }));
  const petRows = await db
    .insert(pets)
    .values(
      numbered.map((d, i) => ({
        name: d.name ?? `Dog ${i}`,
        sampleNumber: d.sampleNumber,
        gender: d.gender ?? Gender.Unknown,
        petOwnerId: d.ownerId ?? null,
        isParentage: d.isParentage ?? true,
        customerFacingStatus: SampleCustomerStatus.DnaProcessingComplete,
      })),
    )
    .returning({ id: pets.id, sampleNumber: pets.sampleNumber });
  const profileRows = await db
    .insert(dnaProfiles)
    .values(
      numbered.map((d) => ({
        plateId: plate.id,
        sampleNumber: d.sampleNumber,
        sampleType: SampleType.Pet,
        panelId: TEST_PANEL.id,
        codes: Array.from(d.profile.codes),
        result: 'Pass',
        sex: d.sex ?? (d.gender === Gender.Male ? 'Male' : d.gender === Gender.Female ? 'Female' : 'Unknown'),
        labStatus: DnaProfileLabStatus.Approved,
        dateApproved: new Date(),
      })),
    )
    .returning({ id: dnaProfiles.id, sampleNumber: dnaProfiles.sampleNumber });
  await db.insert(dnaIndexChanges).values(profileRows.map((p) => ({ dnaProfileId: p.id })));
  return numbered.map((d, i) => ({
    sampleNumber: d.sampleNumber,
    petId: petRows[i].id,
    dnaProfileId: profileRows[i].id,
  }));
}
