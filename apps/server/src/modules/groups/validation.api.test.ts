// Bad input is a 400 whose modelState names each field by its path as the form knows it; nothing is clamped or cut.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import { groupByName } from '../../../test/factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('PUT /group/{id} refuses bad values with the field named', () => {
  test('units -5, a nested address field too long and a name over 200 characters', async () => {
    const token = await t.login('lab.admin');
    const oak = await groupByName(t.database.db, 'Oak Ridge Apartments');
    const before = await t.call('GET', `/api/v1/group/${oak.id}`, { token });
    const res = await t.call('PUT', `/api/v1/group/${oak.id}`, {
      token,
      body: {
        name: 'x'.repeat(201),
        numberOfUnits: -5,
        mailingAddress: { city: 'c'.repeat(101) },
        propertyDnBarcodeCount: 2147483648,
      },
    });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.modelState).sort()).toEqual([
      'mailingAddress.city',
      'name',
      'numberOfUnits',
      'propertyDnBarcodeCount',
    ]);
    expect(res.body.modelState.numberOfUnits).toEqual(['Must be 0 or more.']);
    expect(res.body.modelState.name).toEqual(['Must be at most 200 characters.']);
    // Nothing was stored, not even a clamped or cut value.
    const after = await t.call('GET', `/api/v1/group/${oak.id}`, { token });
    expect(after.body).toEqual(before.body);
  });

  test('a registration fee below 0 is refused, not saved as 0', async () => {
    const token = await t.login('lab.admin');
    const oak = await groupByName(t.database.db, 'Oak Ridge Apartments');
    const res = await t.call('PUT', `/api/v1/group/${oak.id}`, {
      token,
      body: { name: 'Oak Ridge Apartments', propertyRegistrationFee: -1 },
    });
    expect(res.status).toBe(400);
    expect(res.body.modelState).toEqual({ propertyRegistrationFee: ['Must be 0 or more.'] });
  });

  test('query-string problems are named too', async () => {
    const token = await t.login('lab.admin');
    const res = await t.call('GET', '/api/v1/admin/search?pageSize=0', { token });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.modelState)).toEqual(['pageSize']);
  });
});
