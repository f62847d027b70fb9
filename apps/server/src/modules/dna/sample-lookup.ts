// What the lab needs to know about a sample number from the areas that own samples (pets and waste samples), and how a lab decision moves the pet's sample on through the shared samples module (history + audit).
import { DnaProfileLabStatus, SampleCustomerStatus } from '@registry/contracts';
import type { Db } from '../../db/client.ts';
import type { SignedInContext } from '../../platform/context.ts';
import { petSampleStore } from '../pets/pet-sample-store.ts';
import { setSampleStatuses } from '../samples/samples.service.ts';
import { findWasteSampleNumbers } from '../wastesamples/wastesamples.service.ts';
import * as q from './dna.queries.ts';

export type KnownPet = Awaited<ReturnType<typeof q.petsBySampleNumbers>>[number];

export async function knownPets(db: Db, sampleNumbers: string[]): Promise<Map<string, KnownPet>> {
  const rows = await q.petsBySampleNumbers(db, [...new Set(sampleNumbers)]);
  return new Map(rows.map((r) => [r.sampleNumber, r]));
}

/** Waste sample numbers on record (the waste samples area owns the table). */
export async function knownWasteSampleNumbers(db: Db, sampleNumbers: string[]): Promise<Set<string>> {
  return findWasteSampleNumbers(db, [...new Set(sampleNumbers)]);
}

/** The customer status a pet's sample takes when the lab sets its profile's lab status (none: unchanged). */
const CUSTOMER_STATUS_FOR_LAB_STATUS: Partial<Record<number, number>> = {
  [DnaProfileLabStatus.Approved]: SampleCustomerStatus.DnaProcessingComplete,
  [DnaProfileLabStatus.Rerun]: SampleCustomerStatus.Reanalyzing,
  [DnaProfileLabStatus.Reswab]: SampleCustomerStatus.ReswabRequested,
  [DnaProfileLabStatus.Verification]: SampleCustomerStatus.VerificationTestRequested,
  [DnaProfileLabStatus.VerificationCancelled]: SampleCustomerStatus.VerificationTestCancelled,
};

/**
 * Moves the pets' samples on after a lab status change (inside the caller's transaction): the samples module updates
 * the pets in one statement and writes the sample history and the audit entries in multi-row inserts (set-based: a
 * 384-well plate is a handful of statements, not four per pet).
 */
export async function moveSamplesOn(ctx: SignedInContext, petSampleNumbers: string[], labStatus: number) {
  const status = CUSTOMER_STATUS_FOR_LAB_STATUS[labStatus];
  if (status === undefined || petSampleNumbers.length === 0) return;
  const pets = await knownPets(ctx.db, petSampleNumbers);
  await setSampleStatuses(
    ctx,
    petSampleStore,
    [...pets.values()].map((pet) => ({
      id: pet.id,
      sampleNumber: pet.sampleNumber,
      customerFacingStatus: pet.customerFacingStatus,
      isFlagged: pet.isFlagged,
    })),
    status as SampleCustomerStatus,
    `dnaProfileLabStatus:${labStatus}`,
  );
}
