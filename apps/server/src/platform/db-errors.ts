// Unique and foreign-key violations (PostgreSQL 23505 / 23503, reported alike by node-postgres and PGlite) as 400s that
// name the field. Services check for a clash before they write, but two requests at the same moment both pass that check
// and the database's key decides: the loser gets the same answer a later request would have had, never a 500. A value the
// system makes up itself (a user name from a person's name) is tried again instead, so both requests succeed.
import { Messages, SampleMessages, ShopMessages } from '@registry/contracts';
import type { Db } from '../db/types.ts';
import { HttpError, validationError } from './errors.ts';

type DatabaseError = { code: string; constraint?: string; detail?: string; table?: string };

/** The field and message of each unique key a request can clash on; others are named from the key's column. */
const UNIQUE_KEYS: Record<string, { field: string; message: (value: string) => string }> = {
  users_user_name_lower_key: { field: 'userName', message: (value) => `User name '${value}' is already taken.` },
  users_email_lower_key: { field: 'email', message: (value) => Messages.emailTaken(value) },
  pets_sample_number_key: { field: 'sampleNumber', message: () => SampleMessages.sampleNumberTaken },
  waste_samples_sample_number_key: {
    field: 'sampleNumber',
    message: (value) => Messages.wasteSampleExists(value.toUpperCase()),
  },
  dna_plates_plate_name_key: {
    field: 'plateName',
    message: (value) => `A plate named '${value}' was already uploaded.`,
  },
  dna_lab_panels_name_key: { field: 'name', message: (value) => `A panel named '${value}' exists already.` },
  documents_name_unique: { field: 'name', message: (value) => `A document named '${value}' already exists.` },
  products_sku_key: { field: 'sku', message: () => ShopMessages.duplicateSku },
  ecommerce_promotion_codes_code_key: { field: 'code', message: () => ShopMessages.duplicateCode },
  pet_owner_promotion_codes_kind_code_key: { field: 'code', message: () => ShopMessages.duplicateCode },
};

/** The database error an error is or wraps (drizzle wraps the driver's error in `cause`). */
function databaseError(error: unknown): DatabaseError | null {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; current = current.cause, depth++) {
    const code = (current as { code?: unknown }).code;
    if (code === '23505' || code === '23503') return current as unknown as DatabaseError;
  }
  return null;
}

/** `Key (kind, upper(code))=(1, ABC) already exists.` → the last column (`code`) and its value (`ABC`). */
function keyOf(detail: string | undefined): { column: string; value: string } | null {
  const match = /^Key \((.+)\)=\((.*)\) (already exists|is not present|is still referenced)/.exec(detail ?? '');
  if (!match) return null;
  const column = match[1]
    .split(',')
    .pop()!
    .trim()
    .replace(/^\w+\((\w+)\)$/, '$1');
  const value = match[2].split(', ').pop()!;
  return { column, value };
}

const camelCase = (column: string) => column.replace(/_(\w)/g, (_, letter: string) => letter.toUpperCase());

/** The 400 a unique or foreign-key violation answers, or null for any other error. */
export function constraintViolation(error: unknown): HttpError | null {
  const violation = databaseError(error);
  if (!violation) return null;
  const key = keyOf(violation.detail);
  if (violation.code === '23505') {
    const known = violation.constraint ? UNIQUE_KEYS[violation.constraint] : undefined;
    if (known) return validationError({ [known.field]: [known.message(key?.value ?? '')] });
    const field = key ? camelCase(key.column) : 'request';
    return validationError({ [field]: [key ? `'${key.value}' is already in use.` : 'This value is already in use.'] });
  }
  // A row that refers to one deleted meanwhile, or a delete of a row something now refers to.
  if (/still referenced/.test(violation.detail ?? ''))
    return validationError({ id: ['It is still in use and cannot be removed.'] });
  const field = key ? camelCase(key.column) : 'request';
  return validationError({ [field]: ['The selected item does not exist.'] });
}

/**
 * Runs `attempt` (which makes up a value and writes it) in a savepoint of `tx`; when a concurrent transaction took the
 * value first (a unique violation of `constraint`), runs it again with that value added to `clashed`, so the next free
 * one is chosen. The savepoint keeps the surrounding transaction usable on PostgreSQL after the violation.
 */
export async function retryUniqueClash<T>(
  tx: Db,
  constraint: string,
  attempt: (db: Db, clashed: ReadonlySet<string>) => Promise<T>,
  tries = 10,
): Promise<T> {
  const clashed = new Set<string>();
  for (let n = 1; ; n++) {
    try {
      return await tx.transaction((savepoint) => attempt(savepoint as unknown as Db, clashed));
    } catch (error) {
      const violation = databaseError(error);
      if (n >= tries || violation?.code !== '23505' || violation.constraint !== constraint) throw error;
      clashed.add((keyOf(violation.detail)?.value ?? '').toLowerCase());
    }
  }
}
