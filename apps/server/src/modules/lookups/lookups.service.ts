// Countries and their subdivisions from the maintained ISO 3166 data package; ids are ISO codes ('US', 'US-CA').
// The package's index also loads its 8 MB city table (about 40 MB of heap that stays for the process's life); the
// country and state modules alone are what the address forms need.
import countryModule from 'country-state-city/lib/cjs/country.js';
import stateModule from 'country-state-city/lib/cjs/state.js';
import type { Address, AddressView, Country, Subdivision } from '@registry/contracts';
import { notFound } from '../../platform/errors.ts';

// The package lists US territories and outlying islands among US states; the address form offers the 50 states and DC,
// and the territories remain available as their own countries (PR, GU, VI, AS, MP).
// Node hands a CommonJS module's exports object to a default import; vitest's transform hands its `default` export.
const commonJsDefault = <T>(mod: { default: T }): T => (mod as { default?: T }).default ?? (mod as unknown as T);
const CountryData = commonJsDefault(countryModule);
const StateData = commonJsDefault(stateModule);

const US_EXCLUDED = new Set(['AS', 'GU', 'MP', 'PR', 'UM', 'VI']);
const US_OUTLYING = /^UM-/;

const SUBDIVISION_LABELS: Record<string, string> = {
  US: 'State',
  CA: 'Province',
  AU: 'State',
  GB: 'County',
  IE: 'County',
  MX: 'State',
  NZ: 'Region',
};

let countryCache: Country[] | null = null;
const stateCache = new Map<string, Subdivision[]>();

export function countries(): Country[] {
  countryCache ??= CountryData.getAllCountries()
    .map((country) => ({
      id: country.isoCode,
      name: country.name,
      twoLetterCode: country.isoCode,
      subdivisionLabel: SUBDIVISION_LABELS[country.isoCode] ?? 'State/Province',
    }))
    .sort((a, b) => a.name.localeCompare(b.name));
  return countryCache;
}

export function countryById(countryId: string): Country {
  const country = countries().find((entry) => entry.id === countryId.toUpperCase());
  if (!country) throw notFound('Country not found.');
  return country;
}

export function statesOf(countryId: string): Subdivision[] {
  const code = countryId.toUpperCase();
  let states = stateCache.get(code);
  if (!states) {
    states = StateData.getStatesOfCountry(code)
      .filter((state) => code !== 'US' || (!US_EXCLUDED.has(state.isoCode) && !US_OUTLYING.test(state.isoCode)))
      .map((state) => ({
        id: `${code}-${state.isoCode}`,
        name: state.name,
        abbreviation: state.isoCode,
        countryId: code,
      }))
      .sort((a, b) => a.name.localeCompare(b.name));
    stateCache.set(code, states);
  }
  return states;
}

export function allStates(): Subdivision[] {
  return countries().flatMap((country) => statesOf(country.id));
}

export function stateById(stateId: string): Subdivision {
  const [countryCode] = stateId.toUpperCase().split('-');
  const state = statesOf(countryCode ?? '').find((entry) => entry.id === stateId.toUpperCase());
  if (!state) throw notFound('State not found.');
  return state;
}

function isKnownCountry(countryId: string): boolean {
  return countries().some((entry) => entry.id === countryId.toUpperCase());
}

function isKnownState(stateId: string, countryId: string | null | undefined): boolean {
  const [countryCode] = stateId.toUpperCase().split('-');
  if (countryId && countryCode !== countryId.toUpperCase()) return false;
  return statesOf(countryCode ?? '').some((entry) => entry.id === stateId.toUpperCase());
}

/** The problems of an address's country and state ids, keyed by field, or null when they are known. */
export function addressProblems(
  address: Address | null | undefined,
  prefix = 'address',
): Record<string, string[]> | null {
  if (!address) return null;
  const problems: Record<string, string[]> = {};
  if (address.countryId && !isKnownCountry(address.countryId)) problems[`${prefix}.countryId`] = ['Unknown country.'];
  if (address.stateId && !isKnownState(address.stateId, address.countryId))
    problems[`${prefix}.stateId`] = ['Unknown state for this country.'];
  return Object.keys(problems).length ? problems : null;
}

export function toAddressView(address: Address | null | undefined): AddressView | null {
  if (!address) return null;
  const country = address.countryId && isKnownCountry(address.countryId) ? countryById(address.countryId) : null;
  const state = address.stateId && isKnownState(address.stateId, address.countryId) ? stateById(address.stateId) : null;
  return {
    addressLine1: address.addressLine1 ?? null,
    addressLine2: address.addressLine2 ?? null,
    addressLine3: address.addressLine3 ?? null,
    city: address.city ?? null,
    postalCode: address.postalCode ?? null,
    state: state ? { id: state.id, abbreviation: state.abbreviation, name: state.name } : null,
    country,
  };
}
