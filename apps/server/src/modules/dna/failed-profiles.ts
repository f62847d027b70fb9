// A failed pet profile the lab approves is not a profile for the registry: the sample moves on as a lab would. A first
// failure asks for a new swab (the profile goes to Reswab, the sample to ReswabRequested, and the owner and the
// property's primary admin are mailed: ReswabRequestedToCustomer and ReswabRequested); a sample that failed after a
// reswab already is an incomplete DNA profile (the profile is archived). Sample history and audit as every change.
import { DnaProfileLabStatus, SampleCustomerStatus } from '@registry/contracts';
import type { Db } from '../../db/client.ts';
import { writeAudit } from '../../platform/audit.ts';
import type { SignedInContext } from '../../platform/context.ts';
import { petSampleStore } from '../pets/pet-sample-store.ts';
import { setSampleStatus } from '../samples/samples.service.ts';
import { reswabbedBefore } from './certificates.queries.ts';
import type { ProfileRecord } from './dna.queries.ts';
import * as q from './dna.queries.ts';
import { knownPets } from './sample-lookup.ts';

/** Moves failed pet profiles' samples on; answers the ids it handled. Runs inside the caller's transaction. */
export async function failedProfilesOn(tx: Db, ctx: SignedInContext, failed: ProfileRecord[]): Promise<number[]> {
  if (failed.length === 0) return [];
  const ids = failed.map((p) => p.id);
  const numbers = [...new Set(failed.map((p) => p.sampleNumber))];
  const [pets, reswabbed] = await Promise.all([knownPets(tx, numbers), reswabbedBefore(tx, numbers, ids)]);
  const after = (status: number) =>
    status === SampleCustomerStatus.ReswabReceived || status === SampleCustomerStatus.Processing2ndSwab;
  const handled: number[] = [];
  for (const p of failed) {
    const pet = pets.get(p.sampleNumber);
    const incomplete = reswabbed.has(p.sampleNumber) || (pet !== undefined && after(pet.customerFacingStatus));
    const labStatus = incomplete ? DnaProfileLabStatus.Inactive : DnaProfileLabStatus.Reswab;
    await q.updateProfile(tx, p.id, { labStatus });
    handled.push(p.id);
    await writeAudit(tx, ctx, {
      entityType: 'DnaProfile',
      entityId: p.id,
      actionType: 'Approve',
      before: { labStatus: p.labStatus, result: p.result },
      after: { labStatus, outcome: incomplete ? 'IncompleteDnaProfile' : 'ReswabRequested' },
    });
    if (!pet) continue;
    const to = incomplete ? SampleCustomerStatus.IncompleteDnaProfile : SampleCustomerStatus.ReswabRequested;
    if (pet.customerFacingStatus === to) continue;
    await setSampleStatus(
      ctx,
      petSampleStore,
      {
        id: pet.id,
        sampleNumber: pet.sampleNumber,
        customerFacingStatus: pet.customerFacingStatus,
        isFlagged: pet.isFlagged,
      },
      to,
      incomplete ? 'dnaProfileIncomplete' : 'dnaProfileReswabRequested',
      p.failReasons.join('; ') || null,
    );
    // The reswab letters to the owner and the primary admin go with the status change (emailtemplates/pet-letters.ts).
    pet.customerFacingStatus = to;
  }
  return handled;
}
