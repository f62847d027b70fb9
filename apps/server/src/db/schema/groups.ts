// The group tree (parent plus materialised path for subtree queries), group admins and group features.
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { GroupTypes, PooPrintsCertificationRecipient, type Address } from '@registry/contracts';
import { features, users } from './accounts.ts';
import { oneOf } from './checks.ts';

export const groups = pgTable(
  'groups',
  {
    id: serial().primaryKey(),
    name: text().notNull(),
    groupType: smallint().notNull(),
    // A parent with children cannot be deleted (the service refuses first; the key makes sure).
    parentId: integer().references((): AnyPgColumn => groups.id),
    /** '/1/4/9/': ids from the root down to this group, so a subtree is `path LIKE '/1/4/%'`. */
    path: text().notNull(),
    depth: smallint().notNull().default(0),
    isActive: boolean().notNull().default(true),
    propertyPreRegisterCode: text(),
    email: text(),
    phone: text(),
    website: text(),
    managementCompany: text(),
    numberOfUnits: integer(),
    certificationRecipient: smallint().notNull().default(0),
    mailingAddress: jsonb().$type<Address>(),
    isSameAddress: boolean().notNull().default(true),
    propertyAddress: jsonb().$type<Address>(),
    propertyNotes: text(),
    propertyOrderFormUrl: text(),
    propertyManagementSoftware: text(),
    propertyType: text(),
    residentPayEnabled: boolean().notNull().default(false),
    propertyRegistrationFee: numeric({ precision: 10, scale: 2 }),
    propertyDnBarcodeCount: integer().notNull().default(0),
    propertyTdBarcodeCount: integer().notNull().default(0),
    propertyDnBarcodeThreshold: integer().notNull().default(0),
    propertyTdBarcodeThreshold: integer().notNull().default(0),
    logoPath: text(),
    /** Certificate customization: what the group's result certificates print (null: the product default). */
    certificateTitle: text(),
    certificateSignatureName: text(),
    certificateFooterText: text(),
    certificateShowLogo: boolean().notNull().default(true),
    dateCreated: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    dateUpdated: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    index('groups_parent_idx').on(table.parentId),
    index('groups_path_idx').on(sql`${table.path} text_pattern_ops`),
    // Subgroup lists sort by name: a large subtree's first page walks this index instead of sorting every row.
    index('groups_name_order_idx').on(sql`lower(${table.name})`, table.id),
    // Universal search (modules/search): name and property address, the same expression as search.queries.ts.
    index('groups_search_idx').using(
      'gin',
      sql`to_tsvector('simple', ${table.name} || ' ' || coalesce(${table.propertyAddress}->>'addressLine1', '') || ' ' || coalesce(${table.propertyAddress}->>'city', '') || ' ' || coalesce(${table.propertyAddress}->>'postalCode', ''))`,
    ),
    uniqueIndex('groups_prereg_code_key').on(sql`lower(${table.propertyPreRegisterCode})`),
    check('groups_group_type_check', oneOf(table.groupType, GroupTypes)),
    check('groups_certification_recipient_check', oneOf(table.certificationRecipient, PooPrintsCertificationRecipient)),
  ],
);

export const groupAdmins = pgTable(
  'group_admins',
  {
    groupId: integer()
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    isPrimary: boolean().notNull().default(false),
    dateAssigned: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.groupId, table.userId] }), index('group_admins_user_idx').on(table.userId)],
);

export const groupFeatures = pgTable(
  'group_features',
  {
    groupId: integer()
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    featureId: integer()
      .notNull()
      .references(() => features.id, { onDelete: 'cascade' }),
  },
  (table) => [primaryKey({ columns: [table.groupId, table.featureId] })],
);

/**
 * Adjacent property agreements: a waste sample found at one property may match a dog of the other. Symmetric, so each
 * pair is stored once with the smaller id first.
 */
export const adjacentProperties = pgTable(
  'adjacent_properties',
  {
    propertyId: integer()
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    adjacentPropertyId: integer()
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    dateCreated: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.propertyId, table.adjacentPropertyId] }),
    index('adjacent_properties_adjacent_idx').on(table.adjacentPropertyId),
    check('adjacent_properties_ordered', sql`${table.propertyId} < ${table.adjacentPropertyId}`),
  ],
);
