// Shapes every domain shares: paging, error bodies, dates, sample numbers, ids.
import { z } from 'zod';
import { parseUsDate } from './usDates.ts';

export const PAGE_SIZE_MAX = 32767;
export const PAGE_SIZE_DEFAULT = 25;
export const PAGE_SIZE_OPTIONS = [25, 50, 100, 200] as const;
export const INT_MAX = 2147483647;
/** The largest smallint, the column type of page sizes, roles and other small codes. */
export const SMALLINT_MAX = 32767;

// PostgreSQL refuses NUL in text, and no field has a use for the other C0 controls or DEL; tab, newline and carriage
// return stay allowed only where a field is multi-line (notes, document content).
const TAB = 9;
const LINE_FEED = 10;
const CARRIAGE_RETURN = 13;
const DELETE = 127;
/** True when the text has a C0 control character or DEL, other than tab and line breaks when `multiline`. */
export function hasControlCharacters(value: string, multiline = false): boolean {
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code >= 32 && code !== DELETE) continue;
    if (multiline && (code === TAB || code === LINE_FEED || code === CARRIAGE_RETURN)) continue;
    return true;
  }
  return false;
}
export const CONTROL_CHARACTERS_MESSAGE = 'Must not contain control characters.';

/**
 * Every text field the API accepts, in body, query or path: at most `max` characters and no control characters
 * (single-line fields refuse tab and newline too). Chain .trim(), .min() and the like on it.
 */
export const textField = (max: number, options: { multiline?: boolean; error?: string } = {}) =>
  z
    .string(options.error ? { error: options.error } : undefined)
    .max(max, `Must be at most ${max} characters.`)
    .refine((value) => !hasControlCharacters(value, options.multiline), CONTROL_CHARACTERS_MESSAGE);

/** Query-string booleans arrive as 'true'/'false'. */
export const queryBoolean = z
  .union([z.boolean(), z.enum(['true', 'false', 'True', 'False', '1', '0'])])
  .transform((value) => value === true || value === 'true' || value === 'True' || value === '1');

/**
 * A whole number from a JSON body or a query string: a number, or a string of digits only (with a leading minus when
 * `min` is negative). `true`, `"0x10"`, `"1e3"`, `" 7"` and `""` are refused (a plain coercion would read them as 1, 16,
 * 1000, 7 and 0).
 */
export const integer = (min: number, max: number) =>
  z
    .union(
      [
        z.number().max(max),
        z
          .string()
          .max(Math.max(String(max).length, String(min).length) + 1)
          .regex(min < 0 ? /^-?\d+$/ : /^\d+$/, 'Must be a whole number.')
          .transform(Number),
      ],
      { error: 'Must be a whole number.' },
    )
    .pipe(z.number().int('Must be a whole number.').min(min).max(max));

export const id = integer(1, INT_MAX);

/**
 * A return address inside this app: a path starting with one slash. `//host` and `/\\host` (which browsers read as
 * another site), absolute URLs and backslashes anywhere are refused.
 */
export const appPath = (max: number) =>
  textField(max).refine(
    (url) => /^\/(?![/\\])[^\\]*$/.test(url),
    'Must be a path within the app, starting with one /.',
  );
export const idParam = z.object({ id });
/** A group in the path, as in /groups/{groupId}/residents. */
export const groupIdParam = z.object({ groupId: id });

/**
 * An enum in a query string: the spec's name (any case) or its number, as a client of the original API sends either,
 * so `dashboardMode=ActiveProperties` and `dashboardMode=0` mean the same. Handlers receive the number.
 */
export function queryEnum<E extends Record<string, number>>(values: E) {
  const byName = new Map(Object.entries(values).map(([name, value]) => [name.toLowerCase(), value]));
  const numbers = new Set<number>(Object.values(values));
  const message = `Must be one of ${Object.entries(values)
    .map(([name, value]) => `${name} (${value})`)
    .join(', ')}.`;
  return z
    .union([
      z
        .number()
        .int()
        .min(-INT_MAX - 1)
        .max(INT_MAX),
      textField(64),
    ])
    .transform((raw, ctx): E[keyof E] => {
      const text = typeof raw === 'string' ? raw.trim() : String(raw);
      const value = /^-?\d+$/.test(text) ? Number(text) : byName.get(text.toLowerCase());
      if (value === undefined || !numbers.has(value)) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return value as E[keyof E];
    });
}

/** Paged list request: page is 1-based; pageSize capped at 32767. */
export const pagingQuery = z.object({
  page: integer(1, INT_MAX).default(1),
  pageSize: integer(1, PAGE_SIZE_MAX).default(PAGE_SIZE_DEFAULT),
  orderBy: textField(64).optional(),
  ascending: queryBoolean.optional(),
});
export type PagingQuery = z.infer<typeof pagingQuery>;

export const pagedResponse = <T extends z.ZodType>(row: T) =>
  z.object({ data: z.array(row), totalRecords: z.number().int() });
export type Paged<T> = { data: T[]; totalRecords: number };

export const validationErrorBody = z.object({
  message: z.string(),
  modelState: z.record(z.string(), z.array(z.string())).optional(),
});
export const refusedBody = z.object({ message: z.string(), exceptionMessage: z.string().optional() });
export type ApiErrorBody = { message: string; exceptionMessage?: string; modelState?: Record<string, string[]> };

export const okMessage = z.object({ message: z.string() });

export { formatUsDate, parseUsDate } from './usDates.ts';
export const usDate = textField(10).refine((text) => parseUsDate(text) !== null, 'Invalid date.');
/** Sample numbers: prefix then exactly 7 digits, case-insensitive (spec 1 §5). */
export const SAMPLE_NUMBER_PATTERNS = {
  pet: /^(DN|DNI)\d{7}$/i,
  waste: /^(TD|TDI)\d{7}$/i,
  any: /^(DN|DNI|TD|TDI)\d{7}$/i,
} as const;
export type SampleNumberKind = keyof typeof SAMPLE_NUMBER_PATTERNS;
export const isSampleNumber = (text: string, kind: SampleNumberKind = 'any'): boolean =>
  SAMPLE_NUMBER_PATTERNS[kind].test(text.trim());

/** Trimmed text with a maximum length; empty strings become null. */
export const optionalText = (max: number, options: { multiline?: boolean } = {}) =>
  textField(max, options)
    .optional()
    .nullable()
    .transform((value) => (value == null || value.trim() === '' ? null : value.trim()));
export const requiredText = (max: number, message = 'This field is required.', options: { multiline?: boolean } = {}) =>
  textField(max, { ...options, error: message })
    .trim()
    .min(1, message);
export const email = textField(256).trim().pipe(z.email('Invalid email address.'));
/** An account's contact email on its forms: may be left out or blank, otherwise a valid address. */
export const optionalEmail = textField(256)
  .trim()
  .pipe(z.union([z.literal(''), z.email('Invalid email address.')]))
  .optional()
  .nullable();
/** The schema of one field at a path ('mailingAddress.city') of an object schema, through its wrappers. */
export function fieldSchemaAt(schema: z.ZodType, path: string): z.ZodType {
  let node: z.ZodType | undefined = schema;
  for (const key of path ? path.split('.') : []) {
    const shape: Record<string, z.ZodType> | undefined = (
      unwrap(node) as { shape?: Record<string, z.ZodType> } | undefined
    )?.shape;
    node = shape && Object.hasOwn(shape, key) ? shape[key] : undefined;
  }
  if (!node) throw new Error(`No field '${path}' in the schema.`);
  return node;
}

/**
 * The maximum length a schema allows at a field path, so a form's text input takes its limit from the same schema
 * the server validates with. Looks through optional, nullable, default, pipe and ''-or-text union wrappers.
 */
export function maxLengthAt(schema: z.ZodType, path: string): number {
  const text = unwrap(fieldSchemaAt(schema, path)) as { maxLength?: number | null } | undefined;
  if (!text || typeof text.maxLength !== 'number') throw new Error(`No text length limit at '${path}'.`);
  return text.maxLength;
}

function unwrap(node: z.ZodType | undefined): z.ZodType | undefined {
  let current = node;
  for (let i = 0; current && i < 20; i++) {
    const def = (
      current as unknown as { def: { type: string; in?: z.ZodType; innerType?: z.ZodType; options?: z.ZodType[] } }
    ).def;
    // '' or an email, '' or a URL: the limit is the text member's.
    if (def.type === 'union')
      return (
        def.options?.map(unwrap).find((option) => typeof (option as { maxLength?: unknown })?.maxLength === 'number') ??
        current
      );
    const next =
      def.type === 'pipe'
        ? def.in
        : ['optional', 'nullable', 'default', 'prefault', 'readonly', 'catch'].includes(def.type)
          ? def.innerType
          : undefined;
    if (!next) return current;
    current = next;
  }
  return current;
}

/** `?matchResultSetId=` of the waste and parentage result-set calls (spec 3 §7). */
export const matchResultSetIdQuery = z.object({ matchResultSetId: id });
