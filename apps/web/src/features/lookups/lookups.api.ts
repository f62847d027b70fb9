import { queryOptions, useQuery } from '@tanstack/react-query';
import { lookupEndpoints } from '@registry/contracts';
import { callApi } from '../../lib/client';

export const lookupKeys = {
  all: ['lookups'] as const,
  countries: () => [...lookupKeys.all, 'countries'] as const,
  states: (countryId: string) => [...lookupKeys.all, 'states', countryId] as const,
};

// Reference data changes with deployments, not during a session.
const FOREVER = Infinity;

export const countriesQuery = () =>
  queryOptions({
    queryKey: lookupKeys.countries(),
    queryFn: () => callApi(lookupEndpoints.countries),
    staleTime: FOREVER,
  });

export const statesQuery = (countryId: string) =>
  queryOptions({
    queryKey: lookupKeys.states(countryId),
    queryFn: () => callApi(lookupEndpoints.statesByCountry, { query: { countryId } }),
    staleTime: FOREVER,
  });

export const useCountries = () => useQuery(countriesQuery());
export const useStates = (countryId: string | null | undefined) =>
  useQuery({ ...statesQuery(countryId ?? ''), enabled: !!countryId });
