// Moving groups: every rule of spec 2 §5 with its message, the subtree path rewrite, scope, and the all-or-nothing bulk transfer.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { asc } from 'drizzle-orm';
import { GroupTypes, Messages } from '@registry/contracts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import { groupByName, makeGroup, makeOtherDistributorship } from '../../../test/factories.ts';
import { groups } from '../../db/schema/index.ts';
import { moveRefusal } from './group-move.service.ts';

let t: TestApp;
let other: Awaited<ReturnType<typeof makeOtherDistributorship>>;
let g: Record<
  'root' | 'dmg' | 'sunbelt' | 'harbor' | 'oak' | 'maple' | 'loneStar' | 'otherManagement' | 'otherProperty',
  Awaited<ReturnType<typeof groupByName>>
>;
beforeAll(async () => {
  t = await startTestApp();
  other = await makeOtherDistributorship(t.database.db);
  const db = t.database.db;
  g = {
    root: await groupByName(db, 'PetDNA Registry'),
    dmg: await groupByName(db, 'Coastal Distribution Partners'),
    sunbelt: await groupByName(db, 'Sunbelt Pet Services'),
    harbor: await groupByName(db, 'Harbor Property Management'),
    oak: await groupByName(db, 'Oak Ridge Apartments'),
    maple: await groupByName(db, 'Maple Court'),
    loneStar: await groupByName(db, 'Lone Star Breeders Club'),
    otherProperty: other.property,
    otherManagement: await makeGroup(db, {
      parentId: other.distributorship.id,
      groupType: GroupTypes.ManagementGroup,
      name: 'Other Management',
    }),
  };
});
afterAll(async () => {
  await t?.close();
});

const allGroups = () => t.database.db.select().from(groups).orderBy(asc(groups.id));
const move = async (token: string, childId: number, parentId: number) =>
  t.call('POST', '/api/v1/group/movegroup', { token, body: { parentId, childId } });

describe('POST /group/movegroup rules', () => {
  test('each refusal answers its message and changes nothing', async () => {
    const token = await t.login('lab.admin');
    const cases: [keyof typeof g, keyof typeof g, string][] = [
      ['oak', 'oak', Messages.moveSameGroup],
      ['oak', 'harbor', Messages.moveSameParent],
      ['loneStar', 'root', Messages.moveParentageGroupToRoot],
      ['oak', 'root', Messages.movePropertyToRoot],
      ['sunbelt', 'otherManagement', Messages.moveDistributorshipTarget],
      ['sunbelt', 'otherProperty', Messages.moveDistributorshipTarget],
      ['loneStar', 'dmg', Messages.moveParentageGroupTarget],
      ['loneStar', 'oak', Messages.moveParentageGroupTarget],
      ['oak', 'dmg', Messages.movePropertyTarget],
      ['oak', 'loneStar', Messages.movePropertyTarget],
      ['harbor', 'dmg', Messages.moveManagementGroupTarget],
      ['harbor', 'root', Messages.moveManagementGroupTarget],
      ['oak', 'maple', Messages.moveSameType],
      ['harbor', 'otherManagement', Messages.moveSameType],
      ['sunbelt', 'harbor', Messages.moveIntoOwnSubgroup],
      ['root', 'sunbelt', Messages.moveNotAllowed('Hierarchy Root')],
      ['dmg', 'sunbelt', Messages.moveNotAllowed('Distributorship Management Group')],
    ];
    const before = await allGroups();
    for (const [child, parent, message] of cases) {
      const response = await move(token, g[child].id, g[parent].id);
      expect([`${child} → ${parent}`, response.status]).toEqual([`${child} → ${parent}`, 400]);
      expect([`${child} → ${parent}`, response.body.exceptionMessage]).toEqual([`${child} → ${parent}`, message]);
    }
    expect(await allGroups()).toEqual(before);
    // The spec's wording, verbatim (with its double 'be').
    expect(Messages.movePropertyToRoot).toBe('Property cannot be be moved to Hierarchy Root.');
    expect(Messages.moveParentageGroupToRoot).toBe('Parentage Group cannot be be moved to Hierarchy Root.');
  });

  test('a distributorship moves to the root or a DMG; same-type wins over the per-type rule', () => {
    const node = (id: number, groupType: number, path: string, parentId: number | null) => ({
      id,
      groupType,
      path,
      parentId,
    });
    const root = node(1, GroupTypes.HierarchyRoot, '/1/', null);
    const dmg = node(2, GroupTypes.DistributorshipManagementGroup, '/1/2/', 1);
    const dist = node(3, GroupTypes.Distributorship, '/1/2/3/', 2);
    const dist2 = node(4, GroupTypes.Distributorship, '/1/4/', 1);
    expect(moveRefusal(dist, root)).toBeNull();
    expect(moveRefusal(dist2, dmg)).toBeNull();
    expect(moveRefusal(dist, dist2)).toBe(Messages.moveSameType);
  });

  test('bad input, unknown groups, outsiders, pet owners and anonymous callers are refused', async () => {
    const token = await t.login('lab.admin');
    const before = await allGroups();
    expect((await t.call('POST', '/api/v1/group/movegroup', { token, body: { parentId: g.sunbelt.id } })).status).toBe(
      400,
    );
    expect(
      (await t.call('POST', '/api/v1/group/movegroup', { token, body: { parentId: 'x', childId: g.oak.id } })).body
        .modelState.parentId,
    ).toBeDefined();
    expect((await move(token, 999999, g.sunbelt.id)).status).toBe(404);
    expect((await move(token, g.oak.id, 999999)).status).toBe(404);
    expect((await move(await t.login('distributor'), g.oak.id, other.distributorship.id)).status).toBe(404);
    expect((await move(await t.login(other.distributor.userName), other.property.id, g.sunbelt.id)).status).toBe(404);
    // A property manager owns the property but not its parent: moving it away would take it from the management group.
    expect((await move(await t.login('property.manager'), g.oak.id, g.sunbelt.id)).status).toBe(403);
    expect((await move(await t.login('property.maintenance'), g.oak.id, g.sunbelt.id)).status).toBe(403);
    expect((await move(await t.login('pet.owner'), g.oak.id, g.sunbelt.id)).status).toBe(403);
    expect(
      (await t.call('POST', '/api/v1/group/movegroup', { body: { parentId: g.sunbelt.id, childId: g.oak.id } })).status,
    ).toBe(401);
    expect(await allGroups()).toEqual(before);
  });
});

describe('moving a subtree', () => {
  test('a management group and its properties get new paths and depths in one step; PascalCase bodies are accepted', async () => {
    const token = await t.login('lab.admin');
    const response = await t.call('POST', '/api/v1/group/movegroup', {
      token,
      body: { ParentId: other.distributorship.id, ChildId: g.harbor.id },
    });
    expect(response.status).toBe(200);
    const harbor = await groupByName(t.database.db, 'Harbor Property Management');
    const oak = await groupByName(t.database.db, 'Oak Ridge Apartments');
    expect(harbor).toMatchObject({
      parentId: other.distributorship.id,
      path: `${other.distributorship.path}${harbor.id}/`,
      depth: other.distributorship.depth + 1,
    });
    expect(oak).toMatchObject({ parentId: harbor.id, path: `${harbor.path}${oak.id}/`, depth: harbor.depth + 1 });
    // The distributor of Sunbelt no longer sees the moved subtree; the other distributor does.
    expect((await t.call('GET', `/api/v1/group/${oak.id}`, { token: await t.login('distributor') })).status).toBe(404);
    expect(
      (await t.call('GET', `/api/v1/group/${oak.id}`, { token: await t.login(other.distributor.userName) })).status,
    ).toBe(200);
    const audit = await t.call('GET', '/api/v1/auditlog?entityType=Group&actionType=Move', { token });
    expect(audit.body.data[0]).toMatchObject({
      entityId: String(g.harbor.id),
      before: { parentId: g.sunbelt.id },
      after: { parentId: other.distributorship.id },
    });
    expect((await move(token, g.harbor.id, g.sunbelt.id)).status).toBe(200);
    expect((await groupByName(t.database.db, 'Oak Ridge Apartments')).path).toBe(g.oak.path);
  });
});

describe('POST /group/bulktransfer/{id}', () => {
  test('moves every selected group, or none when one is refused', async () => {
    const token = await t.login('distributor');
    const first = await makeGroup(t.database.db, {
      parentId: g.harbor.id,
      groupType: GroupTypes.Property,
      name: 'Bulk One',
    });
    const second = await makeGroup(t.database.db, {
      parentId: g.harbor.id,
      groupType: GroupTypes.Property,
      name: 'Bulk Two',
    });
    const moved = await t.call('POST', `/api/v1/group/bulktransfer/${g.sunbelt.id}`, {
      token,
      body: { transferGroupIds: [first.id, second.id] },
    });
    expect(moved.status).toBe(200);
    expect((await groupByName(t.database.db, 'Bulk One')).parentId).toBe(g.sunbelt.id);
    expect((await groupByName(t.database.db, 'Bulk Two')).path).toBe(`${g.sunbelt.path}${second.id}/`);

    const before = await allGroups();
    const refused = await t.call('POST', `/api/v1/group/bulktransfer/${g.harbor.id}`, {
      token,
      body: { transferGroupIds: [first.id, g.loneStar.id, g.maple.id] },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.exceptionMessage).toBe(`Maple Court: ${Messages.moveSameParent}`);
    expect(await allGroups()).toEqual(before);

    expect(
      (await t.call('POST', `/api/v1/group/bulktransfer/${g.harbor.id}`, { token, body: { transferGroupIds: [] } }))
        .status,
    ).toBe(400);
    expect(
      (
        await t.call('POST', `/api/v1/group/bulktransfer/${g.harbor.id}`, {
          token,
          body: { transferGroupIds: [other.property.id] },
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await t.call('POST', `/api/v1/group/bulktransfer/${g.harbor.id}`, {
          token: await t.login('pet.owner'),
          body: { transferGroupIds: [first.id] },
        })
      ).status,
    ).toBe(403);
    expect(await allGroups()).toEqual(before);
  });
});
