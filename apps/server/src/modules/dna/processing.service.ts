// The plate view (/dna/processing, spec 3 §2 and §4): DNA profile rows, lab status changes single and in bulk, approval
// (all passing, per plate), approval dates and their revert, lab-saved genotypes and certificate revocation (by profile
// or by pet). Every change is audited, moves the pet's sample on (sample-lookup.ts) and is logged for the registry index.
import type { z } from 'zod';
import { ProfileError, encodeProfile, profileEntries } from '@registry/genetics';
import {
  DNA_MESSAGES,
  DNA_VERIFICATION_MESSAGES,
  DnaProfileLabStatus,
  LAB_STATUS_PENDING_FILTER,
  PetMessages,
  SampleCustomerStatus,
  SampleType,
  type dnaProcessingQuery,
  type dnaProfileSummaryQuery,
  type labSavedGenotypeRequest,
} from '@registry/contracts';
import type { Db } from '../../db/client.ts';
import { writeAudit } from '../../platform/audit.ts';
import { afterCommit, withTransaction, type SignedInContext } from '../../platform/context.ts';
import { notFound, refused, validationError } from '../../platform/errors.ts';
import { assertCan } from '../../platform/rights.ts';
import * as q from './dna.queries.ts';
import { differingMarkers, missingMarkers, profileFromCodes, requirePanel } from './panels.ts';
import { petSampleStore } from '../pets/pet-sample-store.ts';
import { lockPet } from '../pets/pets.queries.ts';
import { setSampleFlag } from '../samples/samples.service.ts';
import { refreshRegistryIndex } from './registry-index.ts';
import { setCertificateRevoked, setVerificationApproved } from './certificates.queries.ts';
import { failedProfilesOn } from './failed-profiles.ts';
import { profileSummary as countProfiles } from './profile-summary.queries.ts';
import { knownPets, moveSamplesOn } from './sample-lookup.ts';
import { profilesApproved } from '../../platform/matching-hooks.ts';

const { Approved, Inactive, Verification, VerificationCancelled } = DnaProfileLabStatus;
const profileNotFound = () => notFound('DNA profile not found.');
const canBeApproved = (p: { result: string; labStatus: number }) =>
  p.result === 'Pass' && p.labStatus !== Approved && p.labStatus !== Inactive;

export async function listProfiles(ctx: SignedInContext, query: z.output<typeof dnaProcessingQuery>) {
  assertCan(ctx, 'dna.view');
  const { rows, total } = await q.searchProfiles(ctx.db, query, LAB_STATUS_PENDING_FILTER);
  return {
    totalRecords: total,
    data: rows.map(({ profile: p, plateName, petId }) => ({
      dnaProfileId: p.id,
      sampleNumber: p.sampleNumber,
      sampleId: petId,
      result: p.result,
      labStatus: p.labStatus,
      canBeApproved: canBeApproved(p),
      diffed: p.diffedMarkers,
      missing: p.missingMarkers,
      failReasonText: [...p.failReasons, ...p.pendingReasons].join('; '),
      lastModified: p.lastModified,
      isPetSample: p.sampleType === SampleType.Pet,
      isFlagged: p.isFlagged,
      isGenderMismatch: p.isGenderMismatch,
      sampleBioPetNotes: null,
      isDnaVerificationCertificateRevoked: p.isDnaVerificationCertificateRevoked,
      well: p.well,
      plate: { plateId: p.plateId, plateName },
    })),
  };
}

/** The counts above the plate view (spec 1 §3), over the plate and sample type chosen (docs/decisions/lab.md). */
export async function profileSummary(ctx: SignedInContext, query: z.output<typeof dnaProfileSummaryQuery>) {
  assertCan(ctx, 'dna.view');
  return countProfiles(ctx.db, query);
}

export async function processingPlates(ctx: SignedInContext) {
  assertCan(ctx, 'dna.view');
  return q.plateSummaries(ctx.db);
}

async function loadProfile(db: Db, id: number) {
  const row = await q.findProfile(db, id);
  if (!row) throw profileNotFound();
  return row;
}

export function genotypesView(p: q.ProfileRecord) {
  const panel = requirePanel(p.panelId);
  const typed = profileFromCodes(panel, p.codes);
  return {
    dnaProfileResult: {
      id: p.id,
      sampleNumber: p.sampleNumber,
      panelId: p.panelId,
      result: p.result,
      failReasons: p.failReasons,
      pendingReasons: p.pendingReasons,
      markerValues: profileEntries(typed),
      isLabSaved: p.labSavedCodes !== null,
    },
    genotypes: profileEntries(profileFromCodes(panel, p.labSavedCodes ?? p.codes)),
  };
}

export async function genotypes(ctx: SignedInContext, id: number) {
  assertCan(ctx, 'dna.view');
  return genotypesView(await loadProfile(ctx.db, id));
}

export async function approvedDates(ctx: SignedInContext, sampleNumber: string) {
  assertCan(ctx, 'dna.view');
  return q.approvalDatesOf(ctx.db, sampleNumber.toUpperCase());
}

export async function addLabSavedGenotype(ctx: SignedInContext, body: z.output<typeof labSavedGenotypeRequest>) {
  assertCan(ctx, 'dna.manage');
  return withTransaction(ctx, async (tx, txCtx) => {
    const [p] = await q.findProfiles(tx, [body.dnaProfileId]);
    if (!p) throw profileNotFound();
    const panel = requirePanel(p.panelId);
    let codes: number[];
    try {
      const input = Object.fromEntries(body.labSavedGenotype.map((g) => [g.marker, [g.alleleA, g.alleleB]]));
      codes = Array.from(encodeProfile(panel, input).codes);
    } catch (error) {
      if (error instanceof ProfileError) throw validationError({ labSavedGenotype: [error.message] });
      throw error;
    }
    await q.updateProfile(tx, p.id, {
      labSavedCodes: codes,
      missingMarkers: missingMarkers(profileFromCodes(panel, codes)),
    });
    await writeAudit(tx, ctx, {
      entityType: 'DnaProfileGenotype',
      entityId: p.id,
      actionType: 'Update',
      before: { labSavedCodes: p.labSavedCodes },
      after: { labSavedCodes: codes },
    });
    if (p.labStatus === Approved) await logForIndex(tx, txCtx, [p.id]);
    return genotypesView({ ...p, labSavedCodes: codes });
  });
}

export async function logForIndex(tx: Db, txCtx: SignedInContext, ids: number[]) {
  await q.logIndexChanges(tx, ids);
  // The next search catches up anyway (it reads the change log first): a failed refresh here must not fail the change.
  await afterCommit(txCtx, (db) => refreshRegistryIndex({ db, config: txCtx.config }).catch(() => undefined));
}

/** Approves these profiles: one approved profile per sample (an earlier one is archived), approval dates, effects. */
async function approve(tx: Db, txCtx: SignedInContext, profiles: q.ProfileRecord[]) {
  const pending = profiles.filter((p) => p.labStatus !== Approved);
  const isFailedPet = (p: q.ProfileRecord) => p.result === 'Fail' && p.sampleType === SampleType.Pet;
  const failedIds = await failedProfilesOn(tx, txCtx, pending.filter(isFailedPet));
  const toApprove = pending.filter((p) => !isFailedPet(p));
  if (toApprove.length === 0) return failedIds;
  const ids = toApprove.map((p) => p.id);
  const numbers = [...new Set(toApprove.map((p) => p.sampleNumber))];
  const superseded = await q.otherApprovedProfiles(tx, numbers, ids);
  // A passing verification sample agreeing with the approved profile (a disagreeing one fails at upload): the pet's
  // verification test is approved.
  const pets = await knownPets(tx, numbers);
  const inVerification = (p: q.ProfileRecord) => {
    const status = pets.get(p.sampleNumber)?.customerFacingStatus;
    return (
      p.labStatus === Verification ||
      status === SampleCustomerStatus.VerificationTestRequested ||
      status === SampleCustomerStatus.VerificationTestReceived
    );
  };
  const supersededNumbers = new Set(superseded.map((s) => s.sampleNumber));
  await setVerificationApproved(
    tx,
    toApprove
      .filter((p) => p.sampleType === SampleType.Pet && inVerification(p) && supersededNumbers.has(p.sampleNumber))
      .map((p) => p.sampleNumber),
  );
  await q.updateProfiles(
    tx,
    superseded.map((s) => s.id),
    { labStatus: Inactive },
  );
  await q.updateProfiles(tx, ids, { labStatus: Approved, dateApproved: new Date() });
  await q.insertApprovalDates(
    tx,
    toApprove.map((p) => ({ sampleNumber: p.sampleNumber, dnaProfileId: p.id })),
  );
  await moveSamplesOn(
    txCtx,
    [...new Set(toApprove.filter((p) => p.sampleType === SampleType.Pet).map((p) => p.sampleNumber))],
    Approved,
  );
  // Matching hears of the approval (its jobs are written by this transaction, so they run after the commit): a waste
  // profile's sample is ready for matching, a dog's profile reruns the open results of its properties.
  await profilesApproved(txCtx, {
    waste: toApprove.filter((p) => p.sampleType === SampleType.WasteSample),
    pets: toApprove.filter((p) => p.sampleType === SampleType.Pet),
  });
  await writeAudit(tx, txCtx, {
    entityType: 'DnaProfile',
    entityId: ids.length === 1 ? ids[0] : null,
    actionType: 'Approve',
    before: { superseded: superseded.map((s) => s.id) },
    after: { labStatus: Approved, dnaProfileIds: ids },
  });
  await logForIndex(tx, txCtx, [...ids, ...superseded.map((s) => s.id)]);
  return [...failedIds, ...ids];
}

/**
 * A verification test's approval compares its profile with the pet's approved one under the engine's rule (every
 * marker called in both agrees). Disagreement refuses the approval naming the markers, and flags the sample (pet and
 * profile) for the lab; the flag is committed on its own, since the refusal rolls nothing else.
 */
async function refuseDisagreeingVerification(ctx: SignedInContext, profiles: q.ProfileRecord[]) {
  const candidates = profiles.filter((p) => p.sampleType === SampleType.Pet && p.labStatus !== Approved);
  if (!candidates.length) return;
  const pets = await knownPets(
    ctx.db,
    candidates.map((p) => p.sampleNumber),
  );
  const problems: string[] = [];
  for (const p of candidates) {
    const pet = pets.get(p.sampleNumber);
    const inVerification =
      p.labStatus === Verification ||
      pet?.customerFacingStatus === SampleCustomerStatus.VerificationTestRequested ||
      pet?.customerFacingStatus === SampleCustomerStatus.VerificationTestReceived;
    if (!inVerification) continue;
    const approved = await q.approvedProfileOf(ctx.db, p.sampleNumber);
    if (!approved || approved.id === p.id || approved.panelId !== p.panelId) continue;
    const panel = requirePanel(p.panelId);
    const markers = differingMarkers(
      profileFromCodes(panel, p.labSavedCodes ?? p.codes),
      profileFromCodes(panel, approved.labSavedCodes ?? approved.codes),
    );
    if (!markers.length) continue;
    problems.push(DNA_VERIFICATION_MESSAGES.disagrees(p.sampleNumber, markers));
    await withTransaction(ctx, async (tx, txCtx) => {
      await q.updateProfile(tx, p.id, { isFlagged: true });
      if (pet && !pet.isFlagged)
        await setSampleFlag(
          txCtx,
          petSampleStore,
          {
            id: pet.id,
            sampleNumber: pet.sampleNumber,
            customerFacingStatus: pet.customerFacingStatus,
            isFlagged: false,
          },
          true,
          `Verification disagrees at ${markers.join(', ')}`.slice(0, 250),
        );
    });
  }
  if (problems.length) throw refused(problems.join(' '));
}

export async function updateStatus(ctx: SignedInContext, dnaProfileIds: number[], labStatus: number) {
  assertCan(ctx, 'dna.manage');
  if (labStatus === Approved)
    await refuseDisagreeingVerification(ctx, await q.findProfiles(ctx.db, [...new Set(dnaProfileIds)]));
  return withTransaction(ctx, async (tx, txCtx) => {
    const ids = [...new Set(dnaProfileIds)];
    const profiles = await q.findProfiles(tx, ids);
    if (profiles.length !== ids.length) throw profileNotFound();
    if (labStatus === Approved) {
      const updatedIds = await approve(tx, txCtx, profiles);
      return {
        updatedIds,
        skippedIds: ids.filter((i) => !updatedIds.includes(i)),
        message: DNA_MESSAGES.approvedSuccessfully,
      };
    }
    // Cancel verification only from Verification; archive only what is not Inactive already (spec 3 §4).
    const eligible = profiles.filter((p) =>
      labStatus === VerificationCancelled ? p.labStatus === Verification : p.labStatus !== labStatus,
    );
    const updatedIds = eligible.map((p) => p.id);
    await q.updateProfiles(tx, updatedIds, { labStatus });
    await moveSamplesOn(
      txCtx,
      [...new Set(eligible.filter((p) => p.sampleType === SampleType.Pet).map((p) => p.sampleNumber))],
      labStatus,
    );
    if (eligible.length)
      await writeAudit(tx, ctx, {
        entityType: 'DnaProfile',
        entityId: updatedIds.length === 1 ? updatedIds[0] : null,
        actionType: 'Update',
        before: { labStatus: eligible.map((p) => ({ id: p.id, labStatus: p.labStatus })) },
        after: { labStatus, dnaProfileIds: updatedIds },
      });
    const leftApproved = eligible.filter((p) => p.labStatus === Approved).map((p) => p.id);
    if (leftApproved.length) await logForIndex(tx, txCtx, leftApproved);
    return { updatedIds, skippedIds: ids.filter((i) => !updatedIds.includes(i)), message: 'Status updated.' };
  });
}

export async function approveAllPassing(ctx: SignedInContext, plateId?: number) {
  assertCan(ctx, 'dna.manage');
  return withTransaction(ctx, async (tx, txCtx) => {
    if (plateId !== undefined && !(await q.findPlate(tx, plateId))) throw notFound(DNA_MESSAGES.plateNotFound);
    // A disagreeing verification profile fails at upload (AggregatedMarkersDiffer), so it is never among the passing.
    const profiles = await q.findProfiles(tx, await q.passingProfileIds(tx, plateId));
    const approvedIds = await approve(tx, txCtx, profiles);
    return { approvedCount: approvedIds.length, approvedIds, message: DNA_MESSAGES.approvedSuccessfully };
  });
}

export async function revertApprovedDate(ctx: SignedInContext, sampleNumberText: string, sampleHistoryId: number) {
  assertCan(ctx, 'dna.manage');
  const sampleNumber = sampleNumberText.toUpperCase();
  return withTransaction(ctx, async (tx, txCtx) => {
    const dates = await q.approvalDatesOf(tx, sampleNumber);
    if (dates.length < 2) throw refused(DNA_MESSAGES.noAlternativeApprovalDates);
    const target = dates.find((d) => d.id === sampleHistoryId);
    if (!target) throw notFound('Approval date not found.');
    const current = await q.approvedProfileOf(tx, sampleNumber);
    if (current && current.id !== target.dnaProfileId) await q.updateProfile(tx, current.id, { labStatus: Inactive });
    await q.updateProfile(tx, target.dnaProfileId, { labStatus: Approved, dateApproved: target.dateCreated });
    await q.deleteApprovalDatesAfter(tx, sampleNumber, target.id);
    await writeAudit(tx, ctx, {
      entityType: 'DnaApprovalDate',
      entityId: sampleNumber,
      actionType: 'Revert',
      before: { dnaProfileId: current?.id ?? null },
      after: { dnaProfileId: target.dnaProfileId, approvalDateId: target.id },
    });
    await logForIndex(tx, txCtx, [target.dnaProfileId, ...(current ? [current.id] : [])]);
    return { message: DNA_MESSAGES.approvalDateReverted };
  });
}

export async function revokeCertificate(ctx: SignedInContext, dnaProfileId: number) {
  assertCan(ctx, 'dna.manage');
  return withTransaction(ctx, async (tx, txCtx) => {
    const [p] = await q.findProfiles(tx, [dnaProfileId]);
    if (!p) throw profileNotFound();
    return revokeProfileCertificate(tx, txCtx, p);
  });
}

/**
 * The pet form (POST /pet/revokednaverificationcertificate/{id}, spec 3 §7 "Pets"): the certificate is the pet's
 * approved profile's, so the same revocation applies to it. Lab staff see every pet, so no group scope is needed.
 */
export async function revokePetCertificate(ctx: SignedInContext, petId: number) {
  assertCan(ctx, 'dna.manage');
  return withTransaction(ctx, async (tx, txCtx) => {
    const pet = await lockPet(tx, petId);
    if (!pet) throw notFound(PetMessages.petNotFound);
    const approved = pet.sampleNumber ? await q.approvedProfileOf(tx, pet.sampleNumber.toUpperCase()) : undefined;
    if (!approved) throw refused(NOT_APPROVED_CERTIFICATE);
    const [p] = await q.findProfiles(tx, [approved.id]);
    return revokeProfileCertificate(tx, txCtx, p);
  });
}

const NOT_APPROVED_CERTIFICATE = 'Only an approved DNA profile has a verification certificate.';
async function revokeProfileCertificate(tx: Db, ctx: SignedInContext, p: q.ProfileRecord) {
  if (p.labStatus !== Approved) throw refused(NOT_APPROVED_CERTIFICATE);
  await q.updateProfile(tx, p.id, { isDnaVerificationCertificateRevoked: true });
  if (p.sampleType === SampleType.Pet) await setCertificateRevoked(tx, p.sampleNumber);
  await writeAudit(tx, ctx, {
    entityType: 'DnaVerificationCertificate',
    entityId: p.id,
    actionType: 'Revoke',
    after: { sampleNumber: p.sampleNumber },
  });
  await logForIndex(tx, ctx, [p.id]);
  return { message: DNA_MESSAGES.certificateRevoked };
}

export async function plateMap(ctx: SignedInContext, plateId: number) {
  assertCan(ctx, 'dna.view');
  const plate = await q.findPlate(ctx.db, plateId);
  if (!plate) throw notFound(DNA_MESSAGES.plateNotFound);
  const profiles = await q.profilesOfPlate(ctx.db, plateId);
  const bySample = new Map(profiles.map((p) => [p.sampleNumber, p]));
  return {
    plateId: plate.id,
    plateName: plate.plateName,
    plateSize: plate.plateSize,
    wells: plate.wells.map((w) => {
      const p = profiles.find((x) => x.well === w.well) ?? bySample.get(w.sampleName.toUpperCase());
      return {
        well: w.well,
        sampleName: w.sampleName,
        kind: w.kind,
        dnaProfileId: p?.id ?? null,
        result: p?.result ?? null,
        labStatus: p?.labStatus ?? null,
      };
    }),
  };
}
