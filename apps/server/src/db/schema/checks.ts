// CHECK constraints built from the contracts' enumerations, so the database refuses a value the spec does not define.
import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/** The column holds one of the enumeration's values. */
export const oneOf = (column: AnyPgColumn, enumeration: Record<string, number>): SQL =>
  sql`${column} in (${sql.raw(Object.values(enumeration).join(', '))})`;

/** The column holds a combination of the enumeration's bit flags (32-bit integers) and no other bit. */
export function flagsOf(column: AnyPgColumn, enumeration: Record<string, number>): SQL {
  const allowed = Object.values(enumeration).reduce((all, flag) => all | flag, 0);
  return sql`(${column} & ${sql.raw(String(~allowed))}) = 0`;
}
