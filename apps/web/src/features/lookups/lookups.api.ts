import { queryOptions, useQuery } from '@tanstack/react-query';
import { lookupEndpoints } from '@registry/contracts';
import { callApi } from '../../lib/client';

const lookupKeys = {
  all: ['lookups'] as const,
  countries: () => [...lookupKeys.all, 'countries'] as const,
  states: (countryId: string) => [...lookupKeys.all, 'states', countryId] as const,
};

// Reference data changes with deployments, not during a session.
const FOREVER = Infinity;

const countriesQuery = () =>
  queryOptions({
    queryKey: lookupKeys.countries(),
    queryFn: () => callApi(lookupEndpoints.countries),
    staleTime: FOREVER,
  });

const statesQuery = (countryId: string) =>
  queryOptions({
    queryKey: lookupKeys.states(countryId),
    queryFn: () => callApi(lookupEndpoints.statesByCountry, { query: { countryId } }),
    staleTime: FOREVER,
  });

export const useCountries = () => useQuery(countriesQuery());
export const useStates = (countryId: string | null | undefined) =>
  useQuery({ ...statesQuery(countryId ?? ''), enabled: !!countryId });
