// The /account/userinfo answer of a signed-in user, one per kind of user the screens are tested as. It lives here so
// that a test names only what it is about (the role, an id it links to) rather than repeating the sixteen fields.
import type { UserInfo } from '@registry/contracts';
import { mockFetch } from './utils';

/** The userinfo answer as the tests send it: the lab's time zone and test mode only where a test is about them. */
export type SignedInUser = Omit<UserInfo, 'labTimeZone' | 'testModeAvailable'> &
  Partial<Pick<UserInfo, 'labTimeZone' | 'testModeAvailable'>>;

export type TestedRole = 'labAdmin' | 'propertyManager' | 'parentageManager' | 'petOwner';

type Person = Pick<
  SignedInUser,
  'id' | 'userName' | 'fullName' | 'firstName' | 'lastName' | 'email' | 'roleId' | 'role'
>;

const people: Record<TestedRole, Person> = {
  labAdmin: {
    id: 1,
    userName: 'lab.admin',
    fullName: 'Lab Admin',
    firstName: 'Lab',
    lastName: 'Admin',
    email: 'lab@example.com',
    roleId: 0,
    role: 'BioPetLabAdmin',
  },
  propertyManager: {
    id: 10,
    userName: 'jane',
    fullName: 'Jane Admin',
    firstName: 'Jane',
    lastName: 'Admin',
    email: 'jane@example.com',
    roleId: 7,
    role: 'PropertyManager',
  },
  parentageManager: {
    id: 6,
    userName: 'parentage.manager',
    fullName: 'Parentage Manager',
    firstName: 'Parentage',
    lastName: 'Manager',
    email: 'pm@example.com',
    roleId: 6,
    role: 'ParentageManager',
  },
  petOwner: {
    id: 7,
    userName: 'pet.owner',
    fullName: 'Jordan Blake',
    firstName: 'Jordan',
    lastName: 'Blake',
    email: 'pet.owner@mail.example',
    roleId: 3,
    role: 'PetOwner',
  },
};

/** The userinfo of a signed-in user of the role, with the fields a test is about overridden. */
export function userInfo(role: TestedRole, overrides: Partial<SignedInUser> = {}): SignedInUser {
  const person = people[role];
  const isPetOwner = role === 'petOwner';
  return {
    ...person,
    isAdmin: !isPetOwner,
    isPetOwner,
    isBioPetAdmin: role === 'labAdmin',
    isResident: false,
    petOwnerId: isPetOwner ? person.id : null,
    residentId: null,
    features: [],
    impersonatedBy: null,
    ...overrides,
  };
}

/**
 * Signs the user in (a token in session storage) and answers the app's start-up calls for them (userinfo, no feature
 * switches), then the test's own handlers, which may replace either.
 */
export function signedInAs(user: SignedInUser, handlers: Record<string, unknown> = {}) {
  sessionStorage.setItem('registry.accessToken', 'tok');
  return mockFetch({ 'GET /api/v1/account/userinfo': user, 'GET /api/v1/features': [], ...handlers });
}
