// Every endpoint declaration, by domain. The server registers each; the OpenAPI and coverage tests walk this list.
import type { AnyEndpoint } from '../endpoint.ts';
import { accountEndpoints, settingsEndpoints } from './accounts.ts';
import { adminEndpoints } from './admins.ts';
import { dnaEndpoints } from './dna.ts';
import { groupAdminEndpoints, groupEndpoints } from './groups.ts';
import { lookupEndpoints } from './lookups.ts';
import { petOwnerEndpoints } from './petowners.ts';
import { petEndpoints } from './pets.ts';
import { preregEndpoints, residentEndpoints } from './residents.ts';
import { systemEndpoints } from './system.ts';
import { wasteSampleEndpoints } from './wastesamples.ts';

export {
  accountEndpoints,
  adminEndpoints,
  dnaEndpoints,
  groupAdminEndpoints,
  groupEndpoints,
  lookupEndpoints,
  petOwnerEndpoints,
  petEndpoints,
  preregEndpoints,
  residentEndpoints,
  settingsEndpoints,
  systemEndpoints,
  wasteSampleEndpoints,
};

export const endpointsByDomain: Record<string, Record<string, AnyEndpoint>> = {
  accounts: accountEndpoints,
  settings: settingsEndpoints,
  admins: adminEndpoints,
  dna: dnaEndpoints,
  groups: groupEndpoints,
  groupAdmins: groupAdminEndpoints,
  lookups: lookupEndpoints,
  petOwners: petOwnerEndpoints,
  pets: petEndpoints,
  residents: residentEndpoints,
  prereg: preregEndpoints,
  system: systemEndpoints,
  wasteSamples: wasteSampleEndpoints,
};
