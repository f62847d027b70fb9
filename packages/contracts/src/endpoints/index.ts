// Every endpoint declaration, by domain. The server registers each; the OpenAPI and coverage tests walk this list.
import type { AnyEndpoint } from '../endpoint.ts';
import { lookupEndpoints } from './lookups.ts';

export { lookupEndpoints };

export const endpointsByDomain: Record<string, Record<string, AnyEndpoint>> = {
  lookups: lookupEndpoints,
};
