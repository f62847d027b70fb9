// Program and lab analytics: every figure equals a plain count over the same rows (written here the simple way: the
// subtree walked by parent id, each figure its own query, percentiles computed in JavaScript), the previous period is
// the one just before, another group's figures answer 404 like a missing group, and the exports carry the figures.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { sql } from 'drizzle-orm';
import { GroupTypes } from '@registry/contracts';
import { queryRows } from '../../db/client.ts';
import {
  dnaPlates,
  dnaProfiles,
  pets,
  preRegisteredDogs,
  preRegisteredResidents,
  wasteMatchResults,
  wasteResultSets,
  wasteSamples,
} from '../../db/schema/index.ts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import {
  freshWasteSampleNumber,
  groupByName,
  makeGroup,
  makeOtherDistributorship,
  makePetOwner,
} from '../../../test/factories.ts';

let t: TestApp;
let firmId: number;
let properties: number[];
beforeAll(async () => {
  t = await startTestApp();
  const db = t.database.db;
  firmId = (await groupByName(db, 'Harbor Property Management')).id;
  properties = [
    (await makeGroup(db, { parentId: firmId, groupType: GroupTypes.Property, name: 'Analytics One' })).id,
    (await makeGroup(db, { parentId: firmId, groupType: GroupTypes.Property, name: 'Analytics Two' })).id,
  ];
  // Waste samples over two years: collected, received two days later, with an approved result for most.
  const owner = await makePetOwner(db, { groupId: properties[0] });
  const [dogA, dogB] = await db
    .insert(pets)
    .values([
      { petOwnerId: owner.id, name: 'Repeat', dateCreated: new Date('2025-02-10T12:00:00Z') },
      { petOwnerId: owner.id, name: 'Once', dateCreated: new Date('2024-09-10T12:00:00Z') },
    ])
    .returning();
  const statuses = ['Match', 'NoMatch', 'Fail', 'Match', 'NonCanine', null, 'Match', 'NoMatch'];
  for (let i = 0; i < 40; i++) {
    const day = new Date(Date.UTC(2024, 6, 1) + i * 11 * 86_400_000);
    const [sample] = await db
      .insert(wasteSamples)
      .values({
        sampleNumber: freshWasteSampleNumber(),
        propertyId: properties[i % 2],
        dateCollected: day.toISOString().slice(0, 10),
        dateReceived: i % 5 === 4 ? null : new Date(day.getTime() + (24 + i) * 3600_000),
      })
      .returning();
    const status = statuses[i % statuses.length];
    if (!status) continue;
    const [set] = await db.insert(wasteResultSets).values({ wasteSampleId: sample.id }).returning();
    const [result] = await db
      .insert(wasteMatchResults)
      .values({
        resultSetId: set.id,
        status,
        comparison: { wasteDnaProfile: [], petDnaProfiles: [] },
        matchedPetId: status === 'Match' ? (i % 3 === 0 ? dogB.id : dogA.id) : null,
        isApproved: true,
        dateApproved: new Date(day.getTime() + (100 + i * 2) * 3600_000),
      })
      .returning();
    await db.execute(
      sql`update waste_result_sets set currently_approved_result_id = ${result.id} where id = ${set.id}`,
    );
  }
  const [resident] = await db
    .insert(preRegisteredResidents)
    .values({
      groupId: properties[1],
      firstName: 'Declared',
      lastName: 'Dogs',
      datePreRegistered: new Date('2025-03-03T10:00:00Z'),
    })
    .returning();
  await db.insert(preRegisteredDogs).values([
    { residentId: resident.id, name: 'One' },
    { residentId: resident.id, name: 'Two' },
  ]);
});
afterAll(async () => {
  await t?.close();
});

type Num = number | string | null;
/** The plain answers: the firm's properties found by walking parent ids, each figure counted on its own. */
async function plainProgram(groupId: number, start: string, endExclusive: string) {
  const db = t.database.db;
  const subtree = sql`with recursive tree(id) as (select ${groupId}::int union all
    select g.id from groups g join tree on g.parent_id = tree.id) select id from tree`;
  const samples = await queryRows<{
    collected: string;
    received: Date | null;
    approved: Date | null;
    status: string | null;
    pet: number | null;
  }>(
    db,
    sql`select w.date_collected::text as collected, w.date_received as received, m.date_approved as approved,
          m.status, m.matched_pet_id as pet
        from waste_samples w
        left join waste_result_sets s on s.waste_sample_id = w.id
        left join waste_match_results m on m.id = s.currently_approved_result_id
        where w.property_id in (${subtree}) and w.date_collected >= ${start} and w.date_collected < ${endExclusive}`,
  );
  const [dogs] = await queryRows<{ registered: Num; declared: Num }>(
    db,
    sql`select (select count(*) from pets p where p.date_created >= ${start}::date and p.date_created < ${endExclusive}::date
               and p.pet_owner_id in (select pet_owner_id from pet_owner_groups where move_out_date is null
                 and group_id in (${subtree}))) as registered,
             (select count(*) from pre_registered_dogs d join pre_registered_residents r on r.id = d.resident_id
               where r.group_id in (${subtree}) and r.date_pre_registered >= ${start}::date
                 and r.date_pre_registered < ${endExclusive}::date) as declared`,
  );
  const count = (status: string) => samples.filter((s) => s.status === status).length;
  const matches = new Map<number, number>();
  for (const s of samples) if (s.status === 'Match' && s.pet) matches.set(s.pet, (matches.get(s.pet) ?? 0) + 1);
  const months = new Map<string, number>();
  for (const s of samples) months.set(s.collected.slice(0, 7), (months.get(s.collected.slice(0, 7)) ?? 0) + 1);
  const collectedAt = (s: { collected: string }) => Date.parse(`${s.collected}T00:00:00Z`);
  const hours = (pairs: [number | null, number | null][]) =>
    pairs.filter(([a, b]) => a !== null && b !== null).map(([a, b]) => (b! - a!) / 3600_000);
  const ms = (d: Date | null) => (d ? new Date(d).getTime() : null);
  return {
    collected: samples.length,
    collectedPerMonth: [...months].sort().map(([period, n]) => ({ period, count: n })),
    results: {
      match: count('Match'),
      noMatch: count('NoMatch'),
      fail: count('Fail'),
      other: samples.filter((s) => s.status && !['Match', 'NoMatch', 'Fail'].includes(s.status)).length,
    },
    matchRate: count('Match') + count('NoMatch') ? count('Match') / (count('Match') + count('NoMatch')) : null,
    dogsRegistered: Number(dogs!.registered),
    dogsDeclared: Number(dogs!.declared),
    repeatDogs: [...matches.values()].filter((n) => n > 1).length,
    turnaround: {
      collectedToReceived: stats(hours(samples.map((s) => [collectedAt(s), ms(s.received)]))),
      receivedToApproved: stats(hours(samples.map((s) => [ms(s.received), ms(s.approved)]))),
      collectedToApproved: stats(hours(samples.map((s) => [collectedAt(s), ms(s.approved)]))),
    },
  };
}
/** Median and 90th percentile by linear interpolation (PostgreSQL's percentile_cont). */
function stats(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (p: number) => {
    if (!sorted.length) return null;
    const x = p * (sorted.length - 1);
    const lo = Math.floor(x);
    return sorted[lo]! + (sorted[Math.min(lo + 1, sorted.length - 1)]! - sorted[lo]!) * (x - lo);
  };
  return { count: sorted.length, medianHours: at(0.5), p90Hours: at(0.9) };
}
const close = (figures: Record<string, unknown>) =>
  JSON.parse(JSON.stringify(figures, (_k, v) => (typeof v === 'number' ? Math.round(v * 1000) / 1000 : v)));

describe('program analytics', () => {
  test('equal a plain count over the same rows, for a firm and a property, this period and the one before', async () => {
    const token = await t.login('firm.manager');
    for (const groupId of [firmId, properties[1]!]) {
      const answer = await t.call(
        'GET',
        `/api/v1/analytics/program?groupId=${groupId}&startDate=2025-01-01&endDate=2025-06-30`,
        { token },
      );
      expect(answer.status).toBe(200);
      const { current, previous } = answer.body;
      expect([previous.startDate, previous.endDate]).toEqual(['2024-07-04', '2024-12-31']);
      const { startDate: _s, endDate: _e, notices, ...now } = current;
      expect(notices).toBeNull();
      // Every month of the period is charted, the quiet ones as 0.
      expect(now.collectedPerMonth.map((p: { period: string }) => p.period)).toEqual([
        '2025-01',
        '2025-02',
        '2025-03',
        '2025-04',
        '2025-05',
        '2025-06',
      ]);
      const nonZero = (f: { collectedPerMonth: { count: number }[] }) => ({
        ...f,
        collectedPerMonth: f.collectedPerMonth.filter((p) => p.count > 0),
      });
      expect(close(nonZero(now))).toEqual(close(await plainProgram(groupId, '2025-01-01', '2025-07-01')));
      const { startDate: _ps, endDate: _pe, notices: _pn, ...before } = previous;
      expect(close(nonZero(before))).toEqual(close(await plainProgram(groupId, '2024-07-04', '2025-01-01')));
    }
    const firm = (
      await t.call('GET', `/api/v1/analytics/program?groupId=${firmId}&startDate=2025-01-01&endDate=2025-06-30`, {
        token,
      })
    ).body;
    // The data above: the firm's figures are not empty, so the comparison compared something.
    expect(firm.current.collected).toBeGreaterThan(10);
    expect(firm.current.repeatDogs).toBeGreaterThan(0);
    expect(firm.current.dogsDeclared).toBe(2);
    expect(firm.current.turnaround.collectedToReceived.count).toBeGreaterThan(5);
  });

  test("another group's figures answer 404; wrong roles 403; bad periods 400 naming the field", async () => {
    const other = await makeOtherDistributorship(t.database.db);
    const token = await t.login('firm.manager');
    const url = (groupId: number, rest = 'startDate=2025-01-01&endDate=2025-06-30') =>
      `/api/v1/analytics/program?groupId=${groupId}&${rest}`;
    expect((await t.call('GET', url(other.property.id), { token })).status).toBe(404);
    expect((await t.call('GET', url(999_999), { token })).status).toBe(404);
    expect((await t.call('GET', url(firmId), { token: await t.login('property.maintenance') })).status).toBe(403);
    expect((await t.call('GET', url(firmId))).status).toBe(401);
    const backwards = await t.call('GET', url(firmId, 'startDate=2025-06-30&endDate=2025-01-01'), { token });
    expect([backwards.status, Object.keys(backwards.body.modelState)]).toEqual([400, ['endDate']]);
    const badDay = await t.call('GET', url(firmId, 'startDate=2025-02-30&endDate=2025-06-01'), { token });
    expect([badDay.status, Object.keys(badDay.body.modelState)]).toEqual([400, ['startDate']]);
    const root = await groupByName(t.database.db, 'PetDNA Registry');
    expect((await t.call('GET', url(root.id), { token: await t.login('lab.admin') })).status).toBe(400);
  });

  test('the CSV export carries the same figures', async () => {
    const token = await t.login('firm.manager');
    const answer = await t.app.inject({
      method: 'GET',
      url: `/api/v1/analytics/program/export?groupId=${firmId}&startDate=2025-01-01&endDate=2025-06-30&format=csv`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(answer.statusCode).toBe(200);
    const figures = (
      await t.call('GET', `/api/v1/analytics/program?groupId=${firmId}&startDate=2025-01-01&endDate=2025-06-30`, {
        token,
      })
    ).body;
    const lines = answer.body.split(/\r?\n/);
    expect(lines[0]).toContain('Section,Figure,This period,Previous period');
    expect(lines).toContain(
      `Samples,Waste samples collected,${figures.current.collected},${figures.previous.collected}`,
    );
    expect(lines).toContain(`Results,Match,${figures.current.results.match},${figures.previous.results.match}`);
  });
});

describe('lab analytics', () => {
  test('equal plain counts over the plates and profiles of the period; provider staff only', async () => {
    const db = t.database.db;
    const plate = async (name: string, at: string, problems: unknown[]) =>
      (
        await db
          .insert(dnaPlates)
          .values({
            plateName: name,
            fileName: `${name}.txt`,
            filePath: name,
            panelId: 'isag-2006-canine',
            plateSize: 96,
            layout: 'long',
            controlsPassed: problems.length === 0,
            controlProblems: problems,
            dateCreated: new Date(at),
          })
          .returning()
      )[0]!;
    const p1 = await plate('lab-a', '2025-03-03T10:00:00Z', ['Positive control failed']);
    const p2 = await plate('lab-b', '2025-03-12T10:00:00Z', []);
    const profile = (plateId: number, sampleNumber: string, result: string, labStatus: number, at: string) => ({
      plateId,
      sampleNumber,
      sampleType: 1,
      panelId: 'isag-2006-canine',
      codes: [0],
      result,
      labStatus,
      dateCreated: new Date(at),
    });
    await db
      .insert(dnaProfiles)
      .values([
        profile(p1.id, 'TD7700001', 'Fail', 20, '2025-03-03T10:00:00Z'),
        profile(p2.id, 'TD7700001', 'Pass', 400, '2025-03-12T10:00:00Z'),
        profile(p1.id, 'TD7700002', 'Fail', 40, '2025-03-03T10:00:00Z'),
        profile(p2.id, 'TD7700003', 'Pass', 0, '2025-03-12T10:00:00Z'),
      ]);
    const staff = await t.login('lab.admin');
    const answer = await t.call('GET', '/api/v1/analytics/lab?startDate=2025-03-01&endDate=2025-03-31', {
      token: staff,
    });
    expect(answer.status).toBe(200);
    const [plain] = await queryRows<{ received: Num; typed: Num }>(
      db,
      sql`select (select count(*) from waste_samples where date_received >= '2025-03-01' and date_received < '2025-04-01')
               + (select count(*) from sample_history where to_status = 10 and changed_at >= '2025-03-01' and changed_at < '2025-04-01') as received,
             (select count(distinct sample_number) from dna_profiles pr join dna_plates pl on pl.id = pr.plate_id
               where pl.date_created >= '2025-03-01' and pl.date_created < '2025-04-01') as typed`,
    );
    const lab = answer.body.current;
    expect(lab).toMatchObject({
      received: Number(plain!.received),
      samplesTyped: Number(plain!.typed),
      plates: 2,
      controlFailures: 1,
      controlFailuresPerPlate: 0.5,
      rerunRate: 1 / 3,
      reswabRate: 1 / 3,
      noResultRate: 1 / 3,
    });
    expect(lab.platesPerWeek.length).toBe(6);
    expect(lab.platesPerWeek.filter((w: { count: number }) => w.count > 0)).toEqual([
      { period: '2025-03-03', count: 1 },
      { period: '2025-03-10', count: 1 },
    ]);
    expect(lab.received).toBeGreaterThan(0);
    expect(
      (
        await t.call('GET', '/api/v1/analytics/lab?startDate=2025-03-01&endDate=2025-03-31', {
          token: await t.login('firm.manager'),
        })
      ).status,
    ).toBe(403);
    const csv = await t.app.inject({
      method: 'GET',
      url: '/api/v1/analytics/lab/export?startDate=2025-03-01&endDate=2025-03-31&format=csv',
      headers: { authorization: `Bearer ${staff}` },
    });
    expect(csv.body).toContain('Plates,Plates,2,');
  });
});
