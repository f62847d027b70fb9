// New-pet defaults (spec 3 §6): a pet added without gender, service-animal or product fields gets gender Unknown and is
// no service animal for the lab, customer-service and parentage admins alike, and the parentage product (not
// PooPrints) when a parentage admin adds it. Fields the form does send are kept as sent.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { inArray } from 'drizzle-orm';
import { Gender } from '@registry/contracts';
import { pets } from '../../db/schema/index.ts';
import { groupByName, makePetOwner } from '../../../test/factories.ts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
}, 120_000);
afterAll(async () => {
  await t?.close();
});

let serial = 0;
async function addPet(userName: string, groupName: string, extra: Record<string, unknown> = {}) {
  const group = await groupByName(t.database.db, groupName);
  const owner = await makePetOwner(t.database.db, { groupId: group.id });
  const res = await t.call('POST', '/api/v1/petowner/pets', {
    token: await t.login(userName),
    body: { petOwnerId: owner.id, pets: [{ name: `Default ${++serial}`, ...extra }] },
  });
  expect(res.status).toBe(200);
  const ids = (res.body.pets as { id: number }[]).map((pet) => pet.id);
  const [row] = await t.database.db.select().from(pets).where(inArray(pets.id, ids));
  return row;
}

test('lab and customer-service admins: gender Unknown, no service animal, PooPrints', async () => {
  for (const userName of ['lab.admin', 'service.admin']) {
    const pet = await addPet(userName, 'Oak Ridge Apartments');
    expect(pet).toMatchObject({
      gender: Gender.Unknown,
      isServiceAnimal: false,
      isPooPrints: true,
      isParentage: false,
    });
  }
});

test('a parentage admin in a parentage group: gender Unknown, no service animal, the parentage product', async () => {
  const pet = await addPet('parentage.manager', 'Lone Star Breeders Club');
  expect(pet).toMatchObject({ gender: Gender.Unknown, isServiceAnimal: false, isPooPrints: false, isParentage: true });
});

test('what the form sends is kept', async () => {
  const pet = await addPet('parentage.manager', 'Lone Star Breeders Club', {
    gender: Gender.Female,
    isServiceAnimal: true,
    isPooPrints: true,
    isParentage: false,
  });
  expect(pet).toMatchObject({ gender: Gender.Female, isServiceAnimal: true, isPooPrints: true, isParentage: false });
});
