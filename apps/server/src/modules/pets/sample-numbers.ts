// A pet's sample number is unique across the registry: the one check of it, shared by registering pets (new owners'
// dogs, a resident's approval) and editing a pet.
import { SampleMessages, type NewPet } from '@registry/contracts';
import { validationError } from '../../platform/errors.ts';
import * as q from './pets.queries.ts';

/** Refuses sample numbers repeated in the batch or already held by a pet (an empty prefix names `sampleNumber`). */
export async function assertSampleNumbersFree(
  db: Parameters<typeof q.takenSampleNumbers>[0],
  dogs: Pick<NewPet, 'sampleNumber'>[],
  fieldPrefix = 'pets',
): Promise<void> {
  const numbers = dogs.map((dog) => dog.sampleNumber?.toUpperCase() ?? null);
  const taken = new Set(
    (
      await q.takenSampleNumbers(
        db,
        numbers.filter((n): n is string => n !== null),
      )
    ).map((n) => n.toUpperCase()),
  );
  const errors: Record<string, string[]> = {};
  numbers.forEach((number, index) => {
    if (number && (taken.has(number) || numbers.indexOf(number) !== index)) {
      errors[fieldPrefix ? `${fieldPrefix}[${index}].sampleNumber` : 'sampleNumber'] = [
        `${number}: ${SampleMessages.sampleNumberTaken}`,
      ];
    }
  });
  if (Object.keys(errors).length > 0) throw validationError(errors, SampleMessages.sampleNumberTaken);
}
