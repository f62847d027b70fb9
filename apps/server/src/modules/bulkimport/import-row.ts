// One import row checked and normalised without the database: required values, lengths, email, species, dog gender,
// country and state. The answer is either the row's values or its problem (description and details).
import {
  BULK_IMPORT_COLUMNS,
  BULK_IMPORT_MAX_LENGTHS,
  BULK_IMPORT_PROBLEMS as P,
  Gender,
  PetSpecies,
  type Address,
  type BulkImportColumn,
  type ImportResidentRow,
} from '@registry/contracts';
import { countries, statesOf } from '../lookups/lookups.service.ts';

export type RowProblem = { problemDesc: string; problemDetails: string };
export type CleanRow = {
  propertyName: string;
  firstName: string;
  lastName: string;
  unit: string | null;
  email: string | null;
  phone: string | null;
  address: Address | null;
  pet: { name: string; species: number; gender: number } | null;
};

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const SPECIES: Record<string, number> = {
  dog: PetSpecies.Dog,
  cat: PetSpecies.Cat,
  bird: PetSpecies.Bird,
  rodent: PetSpecies.Rodent,
  reptile: PetSpecies.Reptile,
  other: PetSpecies.Other,
};
const GENDERS: Record<string, number> = {
  '': Gender.Unknown,
  unknown: Gender.Unknown,
  male: Gender.Male,
  m: Gender.Male,
  female: Gender.Female,
  f: Gender.Female,
};

const problem = (problemDesc: string, problemDetails: string): RowProblem => ({ problemDesc, problemDetails });

/** A country given as its ISO code or its name; a state as its code ('CA', 'US-CA') or name within that country. */
function resolvePlace(
  countryText: string,
  stateText: string,
): { countryId: string | null; stateId: string | null } | null {
  let countryId: string | null = null;
  if (countryText) {
    const wanted = countryText.toLowerCase();
    const country = countries().find((c) => c.id.toLowerCase() === wanted || c.name.toLowerCase() === wanted);
    if (!country) return null;
    countryId = country.id;
  } else if (stateText) countryId = 'US';
  if (!stateText) return { countryId, stateId: null };
  const wanted = stateText.toLowerCase();
  const state = statesOf(countryId ?? 'US').find(
    (s) => s.id.toLowerCase() === wanted || s.abbreviation.toLowerCase() === wanted || s.name.toLowerCase() === wanted,
  );
  return state ? { countryId, stateId: state.id } : null;
}

export function checkRow(row: ImportResidentRow): CleanRow | RowProblem {
  const value = (column: BulkImportColumn) => (row[column] ?? '').trim();
  const missing = BULK_IMPORT_COLUMNS.filter((c) => c.isRequired && value(c.name) === '').map((c) => c.name);
  if (missing.length) return problem(P.missingRequired, `${missing.join(', ')} required.`);
  const tooLong = BULK_IMPORT_COLUMNS.filter((c) => value(c.name).length > BULK_IMPORT_MAX_LENGTHS[c.name]).map(
    (c) => `${c.name} (at most ${BULK_IMPORT_MAX_LENGTHS[c.name]} characters)`,
  );
  if (tooLong.length) return problem(P.tooLong, tooLong.join(', '));
  const email = value('Email');
  if (email && !EMAIL.test(email)) return problem(P.invalidEmail, `'${email}' is not an email address.`);

  const speciesText = value('PetSpeciesName');
  const petName = value('PetName');
  const genderText = value('DogGender');
  let pet: CleanRow['pet'] = null;
  if (speciesText || petName || genderText) {
    // A pet name without a species is a dog: the template is for dogs (DogGender).
    const species = speciesText ? SPECIES[speciesText.toLowerCase()] : PetSpecies.Dog;
    if (species === undefined)
      return problem(P.invalidPetSpecies, `'${speciesText}' is not one of ${Object.keys(SPECIES).join(', ')}.`);
    const gender = GENDERS[genderText.toLowerCase()];
    if (gender === undefined || (genderText && species !== PetSpecies.Dog))
      return problem(
        P.invalidDogGender,
        species === PetSpecies.Dog
          ? `'${genderText}' is not Male, Female or Unknown.`
          : 'DogGender is only given for dogs.',
      );
    if (species === PetSpecies.Dog && !petName) return problem(P.missingPetName, 'PetName is required for a dog.');
    pet = { name: petName, species, gender };
  }

  const place = resolvePlace(value('Country'), value('State'));
  if (!place) return problem(P.invalidCountry, `Country '${value('Country')}', State '${value('State')}'.`);
  const address: Address = {
    addressLine1: value('AddressLine1') || null,
    addressLine2: null,
    addressLine3: null,
    city: value('City') || null,
    stateId: place.stateId,
    countryId: place.countryId,
    postalCode: value('PostalCode') || null,
  };
  const hasAddress = Object.values(address).some((part) => part !== null);
  return {
    propertyName: value('PropertyName'),
    firstName: value('FirstName'),
    lastName: value('LastName'),
    unit: value('Unit') || null,
    email: email ? email.toLowerCase() : null,
    phone: value('Phone') || null,
    address: hasAddress ? address : null,
    pet,
  };
}

export const isProblem = (row: CleanRow | RowProblem): row is RowProblem => 'problemDesc' in row;

/**
 * The natural key an import row is idempotent on: the property and the resident's email, or without an email the
 * resident's first and last name and unit (case-insensitive). A row run twice finds the resident (and their dog of
 * that name) it made the first time.
 */
export const naturalKey = (propertyId: number, row: CleanRow) =>
  row.email
    ? `${propertyId}|email|${row.email}`
    : `${propertyId}|name|${row.firstName.toLowerCase()}|${row.lastName.toLowerCase()}|${(row.unit ?? '').toLowerCase()}`;
