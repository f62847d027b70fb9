// The result letters (spec 3 §3 email template events: the Match, NoMatch, NonCanine, Fail and NoMatchToMatch result
// letters): one letter per result type, mailed to a property's primary admin through its email event's template when a
// result is approved and when staff press "email the result". Each letter links to the group's results at the sample,
// where the certificate is downloaded (the certificate call needs the reader's session).
import { collectionDateText, type MatchRunResultName } from '@registry/contracts';
import type { SignedInContext } from '../../platform/context.ts';
import type { MailResult } from '../../platform/mailer.ts';
import { sendEventMail } from '../emailtemplates/email-events.ts';
import { dogAndOwner } from './result-letters.queries.ts';
import * as q from './wasteresults.queries.ts';

export type LetterResult = Extract<MatchRunResultName, 'Match' | 'NoMatch' | 'NonCanine' | 'Fail'>;
const LETTERS: readonly string[] = ['Match', 'NoMatch', 'NonCanine', 'Fail'];

export const isLetterResult = (status: string): status is LetterResult => LETTERS.includes(status);

type LetterFacts = {
  sampleNumber: string;
  propertyName: string | null;
  dateCollected: string | null;
  dogName: string | null;
  dogSampleNumber: string | null;
  ownerName: string | null;
  oneInText: string | null;
  isAdjacentPropertyMatch: boolean;
  isMoveOut: boolean;
  /** The lab's analyst set the result over the automatic comparison. */
  confirmedByAnalyst?: boolean;
};

/** The subject and paragraphs of the letter for a result. */
function resultLetter(result: LetterResult, f: LetterFacts): { subject: string; paragraphs: string[] } {
  const where = f.propertyName ?? 'your property';
  // A collection time of 00:00 counts as no time set (spec 3 §9): the day alone.
  const collected = f.dateCollected ? ` on ${collectionDateText(f.dateCollected)}` : '';
  const intro = `The waste sample ${f.sampleNumber} collected at ${where}${collected} has been analysed by the lab.`;
  switch (result) {
    case 'Match': {
      const dog = f.dogName ? `${f.dogName} (${f.dogSampleNumber})` : (f.dogSampleNumber ?? 'a registered dog');
      return {
        subject: `DNA match result for ${f.sampleNumber}: Match`,
        paragraphs: [
          intro,
          `Its DNA matches the registered dog ${dog}${f.ownerName ? `, owned by ${f.ownerName}` : ''}.`,
          ...(f.isAdjacentPropertyMatch ? ['The dog is registered on an adjacent property (APA).'] : []),
          ...(f.isMoveOut ? ['The dog’s owner has moved out of the property (Move Out).'] : []),
          ...(f.oneInText ? [`The chance that an unrelated dog has this profile is ${f.oneInText}.`] : []),
          ...(f.confirmedByAnalyst ? ['The match was confirmed by the lab’s analyst.'] : []),
          'The match certificate can be downloaded from the result.',
        ],
      };
    }
    case 'NoMatch':
      return {
        subject: `DNA match result for ${f.sampleNumber}: No Match`,
        paragraphs: [
          intro,
          'Its DNA does not match any dog registered at the property or its adjacent properties. The sample is kept and is compared again when new dogs are registered.',
        ],
      };
    case 'NonCanine':
      return {
        subject: `DNA match result for ${f.sampleNumber}: Non-Canine`,
        paragraphs: [intro, 'The sample did not come from a dog, so it cannot be matched to a registered dog.'],
      };
    case 'Fail':
      return {
        subject: `DNA match result for ${f.sampleNumber}: Fail`,
        paragraphs: [
          intro,
          'The lab could not obtain a DNA profile good enough to compare (the sample may have been too old or degraded).',
        ],
      };
  }
}

type LetterSet = {
  sampleNumber: string;
  propertyId: number | null;
  propertyName: string | null;
  dateCollected: string | null;
};
type LetterResultRow = NonNullable<Awaited<ReturnType<typeof q.findResult>>>;

/**
 * Queues the letter of an approved result to its property's primary admin (the event of its result type, sent after
 * the caller's transaction commits). Answers the admin it went to, or null when the result has no letter or the
 * property no primary admin with an email.
 */
export async function queueResultLetter(
  ctx: SignedInContext,
  set: LetterSet,
  result: LetterResultRow,
  options: { onSent?: (sent: MailResult) => void; earlierStatus?: string | null } = {},
) {
  const { onSent } = options;
  if (!isLetterResult(result.status) || !set.propertyId) return null;
  const admin = await q.primaryAdminOf(ctx.db, set.propertyId);
  if (!admin) return null;
  const dog = await dogAndOwner(ctx.db, result.matchedPetId);
  const letter = resultLetter(result.status, {
    sampleNumber: set.sampleNumber,
    propertyName: set.propertyName,
    dateCollected: set.dateCollected,
    dogName: dog?.petName ?? null,
    dogSampleNumber: result.sampleNumberOverride ?? result.matchedSampleNumber,
    ownerName: dog?.ownerName ?? null,
    oneInText: result.oneInText,
    isAdjacentPropertyMatch: result.isAdjacentPropertyMatch,
    isMoveOut: result.isMoveOut,
    confirmedByAnalyst: result.isAnalystOverride,
  });
  // The admin who was told NoMatch hears that it is now a Match (the NoMatchToMatch event), not a plain Match letter.
  const event = result.status === 'Match' && options.earlierStatus === 'NoMatch' ? 'NoMatchToMatch' : result.status;
  if (event === 'NoMatchToMatch')
    letter.paragraphs.splice(1, 0, 'Its earlier result, No Match, is replaced by a Match.');
  await sendEventMail(ctx, event, {
    to: admin.email,
    values: {
      recipientName: `${admin.firstName} ${admin.lastName}`,
      sampleNumber: set.sampleNumber,
      groupName: set.propertyName ?? '',
      result: result.status,
      petName: dog?.petName ?? '',
      ownerName: dog?.ownerName ?? '',
      details: letter.paragraphs.join('\n'),
      link: `${ctx.config.baseUrl}/group/${set.propertyId}/results?samplenumber=${encodeURIComponent(set.sampleNumber)}`,
    },
    ...(onSent ? { onSent } : {}),
  });
  return admin;
}
