// The letters a pet's sample status change sends (docs/decisions.md "Email events"): sample received, profile
// complete, reswab (owner and primary admin), verification swab, second swab (parentage), sample rejected (primary
// admin). Owners in a parentage group get the Parentage… letters. Called by the pets' sample store inside the change's
// transaction, so every status change of a pet, whoever causes it, sends its letters once it commits.
import { GroupTypes, SampleCustomerStatus as S, type EmailEvent } from '@registry/contracts';
import type { SignedInContext } from '../../platform/context.ts';
import { sendEventMail } from './email-events.ts';
import { petMailContext, type PetMailContext } from './emailtemplates.queries.ts';

type OwnerEvents = { pooPrints: EmailEvent | null; parentage: EmailEvent | null };

const OWNER_LETTERS: Partial<Record<number, OwnerEvents>> = {
  [S.DnaSampleReceived]: { pooPrints: 'DNASampleReceived', parentage: 'ParentageDNASampleReceived' },
  [S.DnaProcessingComplete]: { pooPrints: 'DNAProcessingComplete', parentage: 'ParentageDNAProcessingComplete' },
  [S.ReswabRequested]: { pooPrints: 'ReswabRequestedToCustomer', parentage: 'ParentageReswabRequested' },
  [S.Processing2ndSwab]: { pooPrints: null, parentage: 'ParentageProcessingSecondSwab' },
  [S.VerificationTestRequested]: {
    pooPrints: 'DNAVerificationTestRequested',
    parentage: 'DNAVerificationTestRequested',
  },
};

/** A verification test's end returns the sample to DnaProcessingComplete: that is no news of a new profile. */
const VERIFICATION_STATUSES: number[] = [
  S.VerificationTestRequested,
  S.VerificationTestReceived,
  S.VerificationTestCancelled,
];

function reswabReason(pet: PetMailContext) {
  return pet.groupName
    ? `Please take a new cheek swab and hand it to the office of ${pet.groupName}.`
    : 'Please take a new cheek swab and return it to the lab.';
}

export async function petStatusLetters(
  ctx: SignedInContext,
  petId: number,
  from: number,
  to: number,
  notes?: string | null,
) {
  const letters = OWNER_LETTERS[to];
  const ownerLetter = letters && !(to === S.DnaProcessingComplete && VERIFICATION_STATUSES.includes(from));
  const adminLetter = to === S.ReswabRequested || to === S.SampleRejected;
  if (!ownerLetter && !adminLetter) return;
  const pet = await petMailContext(ctx.db, petId);
  if (!pet) return;
  const values = {
    petName: pet.petName,
    sampleNumber: pet.sampleNumber ?? '',
    ownerName: pet.ownerName,
    groupName: pet.groupName,
  };
  const isParentage = pet.groupType === GroupTypes.ParentageGroup;
  const ownerEvent = ownerLetter ? (isParentage ? letters.parentage : letters.pooPrints) : null;
  if (ownerEvent && pet.ownerEmail)
    await sendEventMail(ctx, ownerEvent, {
      to: pet.ownerEmail,
      receiveEmails: pet.ownerReceiveEmails,
      values: {
        ...values,
        recipientName: pet.ownerName,
        reason: reswabReason(pet),
        // The owner's own page lists their dogs (there is no page at /pets).
        link: `${ctx.config.baseUrl}/petowner/${pet.petOwnerId}`,
      },
    });
  if (!adminLetter || !pet.adminEmail || pet.adminReceiveEmails === false || isParentage) return;
  const adminLink = pet.petOwnerId
    ? `${ctx.config.baseUrl}/petowner/${pet.petOwnerId}/${pet.sampleNumber ?? ''}`
    : `${ctx.config.baseUrl}/`;
  await sendEventMail(ctx, to === S.ReswabRequested ? 'ReswabRequested' : 'AdminPetSampleRejectedPropertyNotice', {
    to: pet.adminEmail,
    values: {
      ...values,
      recipientName: pet.adminName,
      reason:
        to === S.ReswabRequested
          ? 'The owner was told by email. Please collect the new swab and send it to the lab.'
          : (notes ?? ''),
      link: adminLink,
    },
  });
}
