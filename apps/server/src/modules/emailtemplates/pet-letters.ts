// The letters a pet's sample status change sends (docs/decisions/notifications-and-mail.md): sample received, profile
// complete, reswab (owner and primary admin), verification swab, second swab (parentage), sample rejected (primary
// admin). Owners in a parentage group get the Parentage… letters. Called by the pets' sample store inside the change's
// transaction, so every status change of a pet, whoever causes it, sends its letters once it commits.
import { GroupTypes, SampleCustomerStatus as S, type EmailEvent } from '@registry/contracts';
import type { SignedInContext } from '../../platform/context.ts';
import { sendEventMail, sendEventMails, type EventMail } from './email-events.ts';
import {
  eventMailSettings,
  petMailContext,
  petMailContexts,
  type EventMailSettings,
  type PetMailContext,
} from './emailtemplates.queries.ts';

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

/** Whether a change from `from` to `to` sends the owner's letter and the admin's. */
function lettersOf(from: number, to: number) {
  const letters = OWNER_LETTERS[to];
  const owner = letters && !(to === S.DnaProcessingComplete && VERIFICATION_STATUSES.includes(from)) ? letters : null;
  const admin = to === S.ReswabRequested || to === S.SampleRejected;
  return { owner, admin };
}

export async function petStatusLetters(
  ctx: SignedInContext,
  petId: number,
  from: number,
  to: number,
  notes?: string | null,
) {
  const { owner, admin } = lettersOf(from, to);
  if (!owner && !admin) return;
  const pet = await petMailContext(ctx.db, petId);
  if (!pet) return;
  for (const { eventName, mail } of lettersTo(ctx, pet, to, owner, admin, notes))
    await sendEventMail(ctx, eventName, mail);
}

/**
 * The letters of many pets' change to one status (a plate's pets received, a plate approved): the pets' mail contexts
 * in one read, each event's settings read once, the mails queued in one write and their jobs deleted in one once sent.
 */
export async function petStatusLettersMany(ctx: SignedInContext, samples: { id: number; from: number }[], to: number) {
  const sending = samples.filter((sample) => {
    const { owner, admin } = lettersOf(sample.from, to);
    return owner || admin;
  });
  if (sending.length === 0) return;
  const contexts = await petMailContexts(
    ctx.db,
    sending.map((sample) => sample.id),
  );
  const letters = sending.flatMap((sample) => {
    const pet = contexts.get(sample.id);
    if (!pet) return [];
    const { owner, admin } = lettersOf(sample.from, to);
    return lettersTo(ctx, pet, to, owner, admin, null);
  });
  const settings = new Map<string, EventMailSettings>();
  for (const { eventName } of letters)
    if (!settings.has(eventName)) settings.set(eventName, await eventMailSettings(ctx.db, eventName));
  await sendEventMails(
    ctx,
    letters.map(({ eventName, mail }) => ({ eventName, mail: { ...mail, settings: settings.get(eventName) } })),
  );
}

/** The letters (event and mail) a pet's change to `to` sends. */
function lettersTo(
  ctx: SignedInContext,
  pet: PetMailContext,
  to: number,
  letters: OwnerEvents | null,
  adminLetter: boolean,
  notes?: string | null,
): { eventName: EmailEvent; mail: EventMail }[] {
  const out: { eventName: EmailEvent; mail: EventMail }[] = [];
  const values = {
    petName: pet.petName,
    sampleNumber: pet.sampleNumber ?? '',
    ownerName: pet.ownerName,
    groupName: pet.groupName,
  };
  const isParentage = pet.groupType === GroupTypes.ParentageGroup;
  const ownerEvent = letters ? (isParentage ? letters.parentage : letters.pooPrints) : null;
  if (ownerEvent && pet.ownerEmail)
    out.push({
      eventName: ownerEvent,
      mail: {
        to: pet.ownerEmail,
        receiveEmails: pet.ownerReceiveEmails,
        values: {
          ...values,
          recipientName: pet.ownerName,
          reason: reswabReason(pet),
          // The owner's own page lists their dogs (there is no page at /pets).
          link: `${ctx.config.baseUrl}/petowner/${pet.petOwnerId}`,
        },
      },
    });
  if (!adminLetter || !pet.adminEmail || pet.adminReceiveEmails === false || isParentage) return out;
  const adminLink = pet.petOwnerId
    ? `${ctx.config.baseUrl}/petowner/${pet.petOwnerId}/${pet.sampleNumber ?? ''}`
    : `${ctx.config.baseUrl}/`;
  out.push({
    eventName: to === S.ReswabRequested ? 'ReswabRequested' : 'AdminPetSampleRejectedPropertyNotice',
    mail: {
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
    },
  });
  return out;
}
