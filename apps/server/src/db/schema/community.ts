// Pet owners' group memberships, pets, and pre-registered residents: the foundation's share of document 2's entities.
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import {
  Gender,
  PetSpecies,
  RegistrationStatus,
  SampleCustomerStatus,
  WeightUnit,
  type Address,
} from '@registry/contracts';
import { flagsOf, oneOf } from './checks.ts';
import { users } from './accounts.ts';
import { groups } from './groups.ts';

/** A pet owner's membership of a pet-owner group; moveOutDate set means a past membership (group history). */
export const petOwnerGroups = pgTable(
  'pet_owner_groups',
  {
    id: serial().primaryKey(),
    petOwnerId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    groupId: integer()
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    dateAdded: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    moveOutDate: timestamp({ withTimezone: true, mode: 'date' }),
  },
  (table) => [
    index('pet_owner_groups_owner_idx').on(table.petOwnerId),
    index('pet_owner_groups_group_idx').on(table.groupId),
  ],
);

export const pets = pgTable(
  'pets',
  {
    id: serial().primaryKey(),
    petOwnerId: integer().references(() => users.id, { onDelete: 'set null' }),
    name: text().notNull(),
    breed: text(),
    weight: numeric({ precision: 6, scale: 2 }),
    weightUnit: smallint().notNull().default(0),
    gender: smallint().notNull().default(0),
    dateOfBirth: date({ mode: 'string' }),
    adoptionDate: date({ mode: 'string' }),
    sampleNumber: text(),
    isServiceAnimal: boolean().notNull().default(false),
    imagePath: text(),
    isActive: boolean().notNull().default(true),
    isFlagged: boolean().notNull().default(false),
    flagNotes: text(),
    hasApprovedVerificationTest: boolean().notNull().default(false),
    customerFacingStatus: smallint().notNull().default(0),
    isPooPrints: boolean().notNull().default(true),
    isParentage: boolean().notNull().default(false),
    isPetId: boolean().notNull().default(false),
    isDnaVerificationCertificateRevoked: boolean().notNull().default(false),
    isDeferredRegistration: boolean().notNull().default(false),
    /**
     * The owner currently belongs to some pet-owner group (a membership without a move-out date). Kept by triggers on
     * pet_owner_groups and on pets (migration 0017): never written by the application. The pets-under-group list at the
     * hierarchy root, whose subtree holds every group, tests this instead of joining the memberships per pet.
     */
    ownerIsMember: boolean().notNull().default(false),
    dateCreated: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    dateUpdated: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    statusLastUpdated: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedByUserId: integer().references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
  },
  (table) => [
    // With the registration time: program analytics counts an owner's dogs registered in a period from the index alone.
    index('pets_owner_idx').on(table.petOwnerId, table.dateCreated),
    /** The pets-under-group list's default order, walked page by page (the trigram index on lower(name) is in 0010). */
    index('pets_name_order_idx').on(table.name, table.id),
    /**
     * The same order for the pets whose owner is a current member: the root's list walks it without reading a pet,
     * the name filter tested on the index entry (pets-under-group.queries.ts).
     */
    index('pets_member_name_order_idx')
      .on(table.name, table.id)
      .where(sql`${table.ownerIsMember}`),
    // Universal search (modules/search).
    index('pets_name_search_idx').using('gin', sql`to_tsvector('simple', ${table.name})`),
    uniqueIndex('pets_sample_number_key').on(sql`upper(${table.sampleNumber})`),
    check('pets_sample_number_upper_check', sql`${table.sampleNumber} = upper(${table.sampleNumber})`),
    check('pets_weight_unit_check', oneOf(table.weightUnit, WeightUnit)),
    check('pets_gender_check', oneOf(table.gender, Gender)),
    check('pets_customer_facing_status_check', oneOf(table.customerFacingStatus, SampleCustomerStatus)),
  ],
);

/**
 * Pet owners who are current members of more than one pet-owner group, with how many: kept by a trigger on
 * pet_owner_groups (migration 0010). The group tallies count a pet once per current membership; the pets-under-group
 * total subtracts the extra counts of these owners, so it counts each pet once.
 */
export const petOwnersInSeveralGroups = pgTable('pet_owners_in_several_groups', {
  petOwnerId: integer()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  groupCount: integer().notNull(),
});

/**
 * Pet owners' full names, lower-cased (`lower(first || ' ' || last)`), one narrow row per pet owner account (role
 * PetOwner, not a RES… sign-in), with copies of the first and last names as written. Kept by a trigger on users
 * (migrations 0018 and people_owner_name_order): the pet owner search at the root counts its matches here (a few
 * pages) rather than in the wide users rows, and finds its page by walking the search's own order (last name, first
 * name, id), the lower-cased name in the same index so the name test needs no row.
 */
export const petOwnerNames = pgTable(
  'pet_owner_names',
  {
    petOwnerId: integer()
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    fullName: text().notNull(),
    firstName: text(),
    lastName: text(),
  },
  (table) => [index('pet_owner_names_order_idx').on(table.lastName, table.firstName, table.petOwnerId, table.fullName)],
);

/** Residents who pre-registered through a property's code; userId is their RES… sign-in once they have one. */
export const preRegisteredResidents = pgTable(
  'pre_registered_residents',
  {
    id: serial().primaryKey(),
    groupId: integer()
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    userId: integer().references(() => users.id, { onDelete: 'set null' }),
    firstName: text().notNull(),
    lastName: text().notNull(),
    email: text(),
    phoneNumber: text(),
    unitNumber: text(),
    address: jsonb().$type<Address>(),
    hasDogs: boolean().notNull().default(false),
    hasOtherPets: boolean().notNull().default(false),
    petSpecies: integer().notNull().default(1),
    otherPetSpeciesNotListed: text(),
    dogOwnerPolicyAttested: boolean().notNull().default(false),
    otherSpeciesPolicyAttested: boolean().notNull().default(false),
    noPetsRepresentationAttested: boolean().notNull().default(false),
    status: smallint().notNull().default(10),
    isPartiallyRegistered: boolean().notNull().default(false),
    agreedDocumentVersionIds: jsonb().$type<number[]>().notNull().default([]),
    datePreRegistered: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    dateApproved: timestamp({ withTimezone: true, mode: 'date' }),
  },
  (table) => [
    index('pre_registered_residents_group_idx').on(table.groupId, table.status),
    index('pre_registered_residents_group_name_idx').on(
      table.groupId,
      sql`lower(${table.firstName})`,
      sql`lower(${table.lastName})`,
      table.id,
    ),
    index('pre_registered_residents_user_idx').on(table.userId),
    index('pre_registered_residents_name_order_idx').on(
      sql`lower(${table.firstName})`,
      sql`lower(${table.lastName})`,
      table.id,
    ),
    // Universal search (modules/search) finds residents by their words in people_search_terms, a table kept by
    // triggers on this one (hand-written in migration 0029_people_search_terms; not declared in this schema).
    check('pre_registered_residents_status_check', oneOf(table.status, RegistrationStatus)),
    check('pre_registered_residents_pet_species_check', flagsOf(table.petSpecies, PetSpecies)),
  ],
);

export const preRegisteredDogs = pgTable(
  'pre_registered_dogs',
  {
    id: serial().primaryKey(),
    residentId: integer()
      .notNull()
      .references(() => preRegisteredResidents.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    breed: text(),
    weight: numeric({ precision: 6, scale: 2 }),
    weightUnit: smallint().notNull().default(0),
    /** Gender as a bulk import's DogGender gave it (Unknown 0 otherwise); carried to the pet on approval. */
    gender: smallint().notNull().default(0),
    isServiceAnimal: boolean().notNull().default(false),
    serviceAnimalRepresentationAttested: boolean().notNull().default(false),
    dateOfBirth: date({ mode: 'string' }),
    adoptionDate: date({ mode: 'string' }),
    imagePath: text(),
    petId: integer().references(() => pets.id, { onDelete: 'set null' }),
  },
  (table) => [
    index('pre_registered_dogs_resident_idx').on(table.residentId),
    check('pre_registered_dogs_weight_unit_check', oneOf(table.weightUnit, WeightUnit)),
    check('pre_registered_dogs_gender_check', oneOf(table.gender, Gender)),
  ],
);

/** Bot-check challenges already spent: a solved challenge admits one pre-registration, until it expires anyway. */
export const spentBotChallenges = pgTable('spent_bot_challenges', {
  challengeHash: text().primaryKey(),
  expiresAt: timestamp({ withTimezone: true, mode: 'date' }).notNull(),
});
