// Universal search call.
import type { EndpointInput, EndpointResponse } from '@registry/contracts/endpoint';
import { searchEndpoints } from '@registry/contracts/endpoints/search';
import { callApi } from '../../lib/client';

export const searchKeys = { all: ['search'] as const, results: (q: object) => [...searchKeys.all, q] as const };
export type SearchQuery = EndpointInput<typeof searchEndpoints.universal>['query'];
export type SearchHit = EndpointResponse<typeof searchEndpoints.universal>['data'][number];
export const universalSearch = (query: SearchQuery) => callApi(searchEndpoints.universal, { query });
