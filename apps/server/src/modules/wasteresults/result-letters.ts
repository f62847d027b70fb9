// The result letters (spec 3 §3 email template events: the Match, NoMatch, NonCanine and Fail result letters): one letter
// per result type, mailed to a property's primary admin through the one mailer. Each letter links to the group's
// results at the sample, where the certificate is downloaded (the certificate call needs the reader's session).
import type { MatchRunResultName } from '@registry/contracts';

export type LetterResult = Extract<MatchRunResultName, 'Match' | 'NoMatch' | 'NonCanine' | 'Fail'>;
const LETTERS: readonly string[] = ['Match', 'NoMatch', 'NonCanine', 'Fail'];

export const isLetterResult = (status: string): status is LetterResult => LETTERS.includes(status);

/** The email log's event name of each letter (the spec's UserPooPrints result letters). */
export const LETTER_EVENT: Record<LetterResult, string> = {
  Match: 'UserPooPrintsMatch',
  NoMatch: 'UserPooPrintsNoMatch',
  NonCanine: 'UserPooPrintsNonCanine',
  Fail: 'UserPooPrintsFail',
};

export type LetterFacts = {
  sampleNumber: string;
  propertyName: string | null;
  dateCollected: string | null;
  dogName: string | null;
  dogSampleNumber: string | null;
  ownerName: string | null;
  oneInText: string | null;
  isAdjacentPropertyMatch: boolean;
  isMoveOut: boolean;
};

/** The subject and paragraphs of the letter for a result. */
export function resultLetter(result: LetterResult, f: LetterFacts): { subject: string; paragraphs: string[] } {
  const where = f.propertyName ?? 'your property';
  const collected = f.dateCollected
    ? ` on ${new Date(f.dateCollected).toLocaleDateString('en-US', { timeZone: 'UTC' })}`
    : '';
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
