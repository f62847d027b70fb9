// What the registry keeps about a pet owner beyond the account: promotion codes given to them (the shop adopts these
// when it lands) and the policy documents they agreed to for a group (printed on the dog registration agreement).
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { PromotionCodeKind } from '@registry/contracts';
import { oneOf } from './checks.ts';
import { users } from './accounts.ts';
import { groups } from './groups.ts';
import { documentVersions } from './system.ts';

/**
 * One code per owner and kind (Retail, Collar); `orderItemId` stays empty until the shop ties a code to a sale. The same
 * table is the pool of each provider's codes (/tools/pet-owner-assigned-promotion-codes): an imported code has no owner
 * until it is assigned.
 */
export const petOwnerPromotionCodes = pgTable(
  'pet_owner_promotion_codes',
  {
    id: serial().primaryKey(),
    petOwnerId: integer().references(() => users.id, { onDelete: 'cascade' }),
    kind: smallint().notNull(),
    code: text().notNull(),
    orderItemId: integer(),
    dateAssigned: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('pet_owner_promotion_codes_owner_kind_key').on(table.petOwnerId, table.kind),
    uniqueIndex('pet_owner_promotion_codes_kind_code_key').on(table.kind, sql`upper(${table.code})`),
    check('pet_owner_promotion_codes_kind_check', oneOf(table.kind, PromotionCodeKind)),
  ],
);

/** A policy document version the owner agreed to when joining a group (from pre-registration or an admin's add). */
export const petOwnerAgreements = pgTable(
  'pet_owner_agreements',
  {
    id: serial().primaryKey(),
    petOwnerId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    groupId: integer()
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    documentVersionId: integer()
      .notNull()
      .references(() => documentVersions.id, { onDelete: 'restrict' }),
    dateAgreed: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [index('pet_owner_agreements_owner_group_idx').on(table.petOwnerId, table.groupId)],
);
