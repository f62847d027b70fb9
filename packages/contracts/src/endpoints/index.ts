// Every endpoint declaration, by domain. The server registers each; the OpenAPI and coverage tests walk this list.
import type { AnyEndpoint } from '../endpoint.ts';
import { accountEndpoints } from './accounts.ts';
import { lookupEndpoints } from './lookups.ts';

export { accountEndpoints, lookupEndpoints };

export const endpointsByDomain: Record<string, Record<string, AnyEndpoint>> = {
  accounts: accountEndpoints,
  lookups: lookupEndpoints,
};
