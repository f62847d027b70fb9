// Plausible fake data for test mode (spec 1 §9). Only ever loaded by a dynamic import from testMode.tsx, so faker
// stays out of the login chunk and is fetched only when a user of a non-production deployment asks for it.
import { faker } from '@faker-js/faker';

const US_STATES = ['US-TX', 'US-CA', 'US-NY', 'US-FL', 'US-IL', 'US-GA', 'US-WA', 'US-CO'];

/** A sample weight, 10 to 150 (spec 1 §9). */
export const fakeSampleWeight = (): number => faker.number.int({ min: 10, max: 150 });

export function fakePerson() {
  const firstName = faker.person.firstName();
  const lastName = faker.person.lastName();
  return {
    firstName,
    lastName,
    email: faker.internet.email({ firstName, lastName, provider: 'example.com' }).toLowerCase(),
    phoneNumber: faker.phone.number({ style: 'national' }),
    companyName: faker.company.name(),
  };
}

/** An address as the address form edits it (ISO ids). */
export function fakeAddress() {
  return {
    addressLine1: faker.location.streetAddress(),
    addressLine2: '',
    addressLine3: '',
    city: faker.location.city(),
    countryId: 'US',
    stateId: faker.helpers.arrayElement(US_STATES),
    postalCode: faker.location.zipCode('#####'),
  };
}

const isoDay = (date: Date): string => date.toISOString().slice(0, 10);

/**
 * A dog as the pet and pre-registration forms edit it: dates as ISO days, weight in pounds from 10 to 150 (spec 1 §9,
 * the sample weights), a DN sample number.
 */
export function fakeDog() {
  const born = faker.date.past({ years: 12 });
  const adopted = faker.date.between({ from: born, to: new Date() });
  return {
    name: faker.animal.petName(),
    breed: faker.animal.dog(),
    weight: fakeSampleWeight(),
    weightUnit: 0,
    gender: faker.helpers.arrayElement([1, 2]),
    dateOfBirth: isoDay(born),
    adoptionDate: isoDay(adopted),
    sampleNumber: `DN${faker.string.numeric(7)}`,
  };
}

export function fakeGroup() {
  const name = `${faker.location.street()} ${faker.helpers.arrayElement(['Apartments', 'Commons', 'Village', 'Residences'])}`;
  return {
    name,
    email: faker.internet.email({ firstName: 'office', provider: 'example.com' }).toLowerCase(),
    phone: faker.phone.number({ style: 'national' }),
    website: `https://${faker.internet.domainWord()}.example.com`,
    numberOfUnits: faker.number.int({ min: 20, max: 600 }),
    mailingAddress: fakeAddress(),
  };
}

/** A note as staff write them: a sentence or two. */
export const fakeNotes = (): string => faker.lorem.sentences({ min: 1, max: 2 });

/** A legal or policy document: a name and a few paragraphs of HTML. */
export function fakeDocument() {
  return {
    name: `${faker.company.buzzAdjective()} ${faker.helpers.arrayElement(['Policy', 'Terms', 'Agreement', 'Notice'])}`,
    content: faker.lorem
      .paragraphs(3, '\n')
      .split('\n')
      .map((paragraph) => `<p>${paragraph}</p>`)
      .join(''),
  };
}

/** A group's certificate wording. */
export function fakeCertificate() {
  return {
    certificateTitle: `${faker.company.buzzAdjective()} Pet Registry Certificate`,
    certificateSignatureName: faker.person.fullName(),
    certificateFooterText: faker.company.catchPhrase(),
  };
}

export type FakeData = {
  person: typeof fakePerson;
  address: typeof fakeAddress;
  group: typeof fakeGroup;
  notes: typeof fakeNotes;
  document: typeof fakeDocument;
  certificate: typeof fakeCertificate;
  sampleWeight: typeof fakeSampleWeight;
  dog: typeof fakeDog;
};
export const fakeData: FakeData = {
  person: fakePerson,
  address: fakeAddress,
  group: fakeGroup,
  notes: fakeNotes,
  document: fakeDocument,
  certificate: fakeCertificate,
  sampleWeight: fakeSampleWeight,
  dog: fakeDog,
};
