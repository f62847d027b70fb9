// Lookups (spec 1 §7): countries and subdivisions. Anonymous, because the public pre-registration form needs them.
import { endpointGroup } from '../endpoint.ts';

const lookup = endpointGroup(['lookup'], () => import('../schemas.ts'));

export const lookupEndpoints = {
  countries: lookup.get('/lookup/countries', 'lookupCountries', 'anonymous', (s) => ({
    response: s.z.array(s.country),
  })),
  states: lookup.get('/lookup/states', 'lookupStates', 'anonymous', (s) => ({ response: s.z.array(s.subdivision) })),
  statesByCountry: lookup.get('/lookup/getstatesbyid', 'lookupStatesByCountry', 'anonymous', (s) => ({
    query: s.statesByCountryQuery,
    response: s.z.array(s.subdivision),
  })),
  countryById: lookup.get('/lookup/getcountrybyid', 'lookupCountryById', 'anonymous', (s) => ({
    query: s.countryByIdQuery,
    response: s.country,
  })),
  stateById: lookup.get('/lookup/getstatebyid', 'lookupStateById', 'anonymous', (s) => ({
    query: s.stateByIdQuery,
    response: s.subdivision,
  })),
  // The spec lists a cities lookup that no screen uses; it answers an empty list rather than shipping a city database.
  cities: lookup.get('/lookup/cities', 'lookupCities', 'anonymous', (s) => ({
    query: s.citiesQuery,
    response: s.z.array(s.z.string()),
  })),
};
