// The lab's identity on its documents (one row, set by provider staff), the signatories' titles and signature images,
// and every certificate issued: its verification code and number, what it certifies, and whether it still stands.
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';

/** The lab's name, address, phone, web site, accreditation line and logo; one row (id 1). */
export const labSettings = pgTable(
  'lab_settings',
  {
    id: integer().primaryKey().default(1),
    name: text().notNull(),
    address: text(),
    phone: text(),
    website: text(),
    accreditation: text(),
    logoPath: text(),
    updatedById: integer().references(() => users.id, { onDelete: 'set null' }),
    dateUpdated: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [check('lab_settings_one_row', sql`${table.id} = 1`)],
);

/** An analyst's title and signature image as they sign certificates. */
export const labSignatories = pgTable('lab_signatories', {
  userId: integer()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  title: text(),
  signaturePath: text(),
  dateUpdated: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

const KINDS = sql`('MatchCertificate', 'DnaProfile', 'DnaVerification', 'ProofOfParentage')`;
const STATUSES = sql`('Valid', 'Revoked', 'Superseded')`;

/**
 * A certificate issued: downloading the same result again reprints the same certificate (number and code) while it
 * stands; once revoked or superseded, a new one is issued when the subject allows one again.
 */
export const certificates = pgTable(
  'certificates',
  {
    id: serial().primaryKey(),
    /** The verification code in BASE_URL/verify/{code}: 120 random bits in base32. */
    code: text().notNull(),
    kind: text().notNull(),
    /** What it certifies, e.g. 'result:12' or 'pet:4:profile:9', unique among the valid ones of a kind. */
    subjectKey: text().notNull(),
    /** The printed number, e.g. MC-2026-000012. */
    number: text().notNull(),
    sampleNumber: text(),
    dogName: text(),
    resultText: text().notNull(),
    issuer: text().notNull(),
    signatoryName: text(),
    issuedAt: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    status: text().notNull().default('Valid'),
    statusDate: timestamp({ withTimezone: true, mode: 'date' }),
    statusReason: text(),
  },
  (table) => [
    uniqueIndex('certificates_code_key').on(table.code),
    uniqueIndex('certificates_number_key').on(table.number),
    uniqueIndex('certificates_valid_subject_key')
      .on(table.kind, table.subjectKey)
      .where(sql`${table.status} = 'Valid'`),
    index('certificates_subject_idx').on(table.kind, table.subjectKey),
    check('certificates_kind_check', sql`${table.kind} in ${KINDS}`),
    check('certificates_status_check', sql`${table.status} in ${STATUSES}`),
  ],
);
