// A failed pet profile the lab approves is not a profile for the registry: the sample moves on as a lab would. A first
// failure asks for a new swab (the profile goes to Reswab, the sample to ReswabRequested, and the owner and the
// property's primary admin are mailed: ReswabRequestedToCustomer and ReswabRequested); a sample that failed after a
// reswab already is an incomplete DNA profile (the profile is archived). Sample history and audit as every change.
import { DnaProfileLabStatus, SampleCustomerStatus } from '@registry/contracts';
import type { Db } from '../../db/client.ts';
import { writeAudit } from '../../platform/audit.ts';
import type { SignedInContext } from '../../platform/context.ts';
import { mailAfterCommit, mailBody } from '../../platform/mail.ts';
import { petSampleStore } from '../pets/pet-sample-store.ts';
import { setSampleStatus } from '../samples/samples.service.ts';
import { reswabRecipients, reswabbedBefore } from './certificates.queries.ts';
import type { ProfileRecord } from './dna.queries.ts';
import * as q from './dna.queries.ts';
import { knownPets } from './sample-lookup.ts';

const nameOf = (p: { firstName: string | null; lastName: string | null; userName: string }) =>
  [p.firstName, p.lastName].filter(Boolean).join(' ') || p.userName;

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
    pet.customerFacingStatus = to;
    if (!incomplete) await mailReswab(tx, ctx, pet.id, p.sampleNumber);
  }
  return handled;
}

async function mailReswab(tx: Db, ctx: SignedInContext, petId: number, sampleNumber: string) {
  const who = await reswabRecipients(tx, petId);
  if (!who) return;
  const brand = ctx.config.brandName;
  if (who.ownerEmail)
    await mailAfterCommit(ctx, {
      to: who.ownerEmail,
      subject: `A new DNA swab is needed for ${who.petName}`,
      eventName: 'ReswabRequestedToCustomer',
      html: mailBody(brand, {
        greeting: `Hello ${nameOf({ firstName: who.ownerFirstName, lastName: who.ownerLastName, userName: who.ownerUserName ?? '' })},`,
        paragraphs: [
          `The lab could not complete a DNA profile from the sample of ${who.petName} (sample ${sampleNumber}).`,
          who.groupName
            ? `Please take a new cheek swab and hand it to the office of ${who.groupName}.`
            : 'Please take a new cheek swab and return it to the lab.',
        ],
      }),
    });
  if (who.admin?.email)
    await mailAfterCommit(ctx, {
      to: who.admin.email,
      subject: `Reswab requested: ${sampleNumber}`,
      eventName: 'ReswabRequested',
      html: mailBody(brand, {
        greeting: `Hello ${nameOf(who.admin)},`,
        paragraphs: [
          `The lab requested a new DNA swab for ${who.petName} (sample ${sampleNumber})${who.groupName ? ` at ${who.groupName}` : ''}.`,
          'The owner was told by email. Please collect the new swab and send it to the lab.',
        ],
      }),
    });
}
