// The group dashboard: counts per block over a subtree for each mode, whole-number percentages, Global for staff only.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { eq } from 'drizzle-orm';
import { DashboardMode } from '@registry/contracts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import { groupByName, makeOtherDistributorship } from '../../../test/factories.ts';
import { groups } from '../../db/schema/index.ts';
import { wholePercentages } from './dashboard.service.ts';

let t: TestApp;
let other: Awaited<ReturnType<typeof makeOtherDistributorship>>;
beforeAll(async () => {
  t = await startTestApp();
  other = await makeOtherDistributorship(t.database.db);
});
afterAll(async () => {
  await t?.close();
});

describe('wholePercentages (pure)', () => {
  test('rounds to whole numbers of the total, and answers 0 when the total is 0', () => {
    expect(wholePercentages({ a: 1, b: 2, total: 3 }, 3)).toEqual({ a: 33, b: 67, total: 100 });
    expect(wholePercentages({ a: 1, total: 8 }, 8)).toEqual({ a: 13, total: 100 });
    expect(wholePercentages({ a: 0, total: 0 }, 0)).toEqual({ a: 0, total: 0 });
    expect(wholePercentages({ a: 5 }, 0)).toEqual({ a: 0 });
  });
});

describe('GET /groupdashboard', () => {
  test('active properties by default: groups, pet samples and residents beneath a management group', async () => {
    const harbor = await groupByName(t.database.db, 'Harbor Property Management');
    const response = await t.call('GET', `/api/v1/groupdashboard?groupId=${harbor.id}`, {
      token: await t.login('firm.manager'),
    });
    expect(response.status).toBe(200);
    expect(response.body.dashboardMode).toBe(DashboardMode.ActiveProperties);
    expect(response.body.groups.counts).toEqual({ active: 2, inactive: 0, total: 2 });
    expect(response.body.petSamples.counts).toMatchObject({
      total: 5,
      dnaReceived: 2,
      profilesCreated: 3,
      dnaProcessingComplete: 0,
    });
    expect(response.body.petSamples.percentages).toMatchObject({
      total: 100,
      dnaReceived: 40,
      profilesCreated: 60,
      voided: 0,
    });
    expect(response.body.residents.counts).toEqual({
      dogOwner: 3,
      nonDogOwner: 0,
      movedOut: 0,
      awaitingApproval: 4,
      total: 7,
    });
    expect(response.body.residents.percentages).toMatchObject({ dogOwner: 43, awaitingApproval: 57 });
    // The seed's waste samples: two at Oak Ridge (one received), one at Maple Court; no match results yet.
    expect(response.body.wasteSamplesTracked).toBe(true);
    expect(response.body.wasteSamples.counts).toMatchObject({ total: 3, profileCreated: 2, dnaReceived: 1, match: 0 });
    expect(response.body.wasteSamples.percentages).toMatchObject({ profileCreated: 67, dnaReceived: 33, match: 0 });
  });

  test("inactive and both modes follow the properties' state; Global is for provider staff", async () => {
    const harbor = await groupByName(t.database.db, 'Harbor Property Management');
    await t.database.db.update(groups).set({ isActive: false }).where(eq(groups.name, 'Maple Court'));
    const token = await t.login('firm.manager');
    const get = async (mode: number, as = token) =>
      t.call('GET', `/api/v1/groupdashboard?groupId=${harbor.id}&dashboardMode=${mode}`, { token: as });
    const active = (await get(0)).body;
    expect(active.groups.counts).toEqual({ active: 1, inactive: 1, total: 2 });
    expect(active.petSamples.counts).toMatchObject({ total: 3, dnaReceived: 1, profilesCreated: 2 });
    expect(active.petSamples.percentages).toMatchObject({ dnaReceived: 33, profilesCreated: 67 });
    const inactive = (await get(1)).body;
    expect(inactive.petSamples.counts).toMatchObject({ total: 2, dnaReceived: 1, profilesCreated: 1 });
    expect(inactive.residents.counts).toEqual({
      dogOwner: 1,
      nonDogOwner: 0,
      movedOut: 0,
      awaitingApproval: 0,
      total: 1,
    });
    expect((await get(2)).body.petSamples.counts.total).toBe(5);
    expect((await get(3)).status).toBe(403);
    const root = await groupByName(t.database.db, 'PetDNA Registry');
    const global = await t.call('GET', `/api/v1/groupdashboard?groupId=${root.id}&dashboardMode=3`, {
      token: await t.login('lab.admin'),
    });
    expect(global.status).toBe(200);
    expect(global.body.petSamples.counts.total).toBe(6);
    expect(global.body.groups.counts.total).toBe(8);
  });

  test('bad input, outsiders, pet owners and anonymous callers are refused', async () => {
    const harbor = await groupByName(t.database.db, 'Harbor Property Management');
    const token = await t.login('firm.manager');
    expect((await t.call('GET', `/api/v1/groupdashboard?groupId=${harbor.id}&dashboardMode=4`, { token })).status).toBe(
      400,
    );
    expect((await t.call('GET', `/api/v1/groupdashboard?groupId=${harbor.id}&dashboardMode=x`, { token })).status).toBe(
      400,
    );
    expect((await t.call('GET', '/api/v1/groupdashboard', { token })).body.modelState.groupId).toBeDefined();
    expect((await t.call('GET', '/api/v1/groupdashboard?groupId=999999', { token })).status).toBe(404);
    expect(
      (
        await t.call('GET', `/api/v1/groupdashboard?groupId=${harbor.id}`, {
          token: await t.login(other.distributor.userName),
        })
      ).status,
    ).toBe(404);
    expect(
      (await t.call('GET', `/api/v1/groupdashboard?groupId=${harbor.id}`, { token: await t.login('pet.owner') }))
        .status,
    ).toBe(403);
    expect((await t.call('GET', `/api/v1/groupdashboard?groupId=${harbor.id}`)).status).toBe(401);
  });
});
