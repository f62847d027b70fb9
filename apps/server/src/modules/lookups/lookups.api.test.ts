// Country and subdivision lookups: every ISO 3166 country, US states without territories, clear 404s.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

test('countries: every ISO 3166 country, sorted by name, anonymous', async () => {
  const response = await t.call('GET', '/api/v1/lookup/countries');
  expect(response.status).toBe(200);
  expect(response.body.length).toBeGreaterThanOrEqual(240);
  expect(response.body).toContainEqual({ id: 'CA', name: 'Canada', twoLetterCode: 'CA', subdivisionLabel: 'Province' });
  const names = response.body.map((country: { name: string }) => country.name);
  expect(names).toEqual([...names].sort((a: string, b: string) => a.localeCompare(b)));
});

test('US states are the 50 states and DC; territories are countries of their own', async () => {
  const states = (await t.call('GET', '/api/v1/lookup/getstatesbyid?countryId=US')).body;
  expect(states).toHaveLength(51);
  expect(states).toContainEqual({ id: 'US-TX', name: 'Texas', abbreviation: 'TX', countryId: 'US' });
  expect(states.some((state: { abbreviation: string }) => state.abbreviation === 'PR')).toBe(false);
  expect((await t.call('GET', '/api/v1/lookup/getcountrybyid?countryId=PR')).body.name).toBe('Puerto Rico');
  const provinces = (await t.call('GET', '/api/v1/lookup/getstatesbyid?countryId=ca')).body;
  expect(provinces.map((state: { abbreviation: string }) => state.abbreviation)).toContain('ON');
});

test('single lookups and their errors', async () => {
  expect((await t.call('GET', '/api/v1/lookup/getstatebyid?stateId=US-CA')).body).toEqual({
    id: 'US-CA',
    name: 'California',
    abbreviation: 'CA',
    countryId: 'US',
  });
  expect((await t.call('GET', '/api/v1/lookup/getstatebyid?stateId=US-ZZ')).status).toBe(404);
  expect((await t.call('GET', '/api/v1/lookup/getcountrybyid?countryId=ZZ')).status).toBe(404);
  expect((await t.call('GET', '/api/v1/lookup/getstatesbyid?countryId=ZZ')).status).toBe(404);
  expect((await t.call('GET', '/api/v1/lookup/getstatesbyid')).status).toBe(400);
  expect((await t.call('GET', '/api/v1/lookup/getstatesbyid?countryId=USA')).status).toBe(400);
  expect((await t.call('GET', '/api/v1/lookup/states')).body.length).toBeGreaterThan(3000);
});
