// The pre-registration journey in Chromium: a visitor pre-registers at /reg/{code} with two dogs (the bot check solved
// in the browser), lands on the shop; the property manager approves them from the pre-registration list,
// which makes a registry pet owner with two pets; the owner signs in and sees their dashboard; the manager moves them
// out and finds them under move-outs.
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { startWorld, type E2eWorld } from './support/app.ts';
import { gone, visible } from './support/locators.ts';

let world: E2eWorld;
let oakRidge: number;
const PASSWORD = 'Quinn#Pass1';
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082',
  'hex',
);

beforeAll(async () => {
  world = await startWorld();
  const staff = await world.api('lab.admin');
  oakRidge = (await staff('GET', '/preregistration/getpropertybypreregcode/OAKRIDGE')).groupId;
});
afterAll(async () => {
  await world?.close();
});

async function fillDog(page: Page, index: number, name: string, breed: string) {
  const dog = page.getByRole('group', { name: `Dog ${index}` });
  await dog.getByLabel('Dog name').fill(name);
  await dog.getByLabel('Breed').fill(breed);
}

test('a visitor pre-registers with two dogs, is approved into a pet owner with two pets, and signs in', async () => {
  const { page: visitor } = await world.newPage();
  // An unknown code goes back to the code entry with a message.
  await visitor.goto('/reg/NOSUCHCODE');
  await visible(visitor.getByText('The pre-registration code is not valid.', { exact: false }));
  await visitor.getByLabel('Property pre-registration code').fill('oakridge');
  await visitor.getByRole('button', { name: 'Continue' }).click();
  await visible(visitor.getByRole('heading', { name: 'Pre-register at Oak Ridge Apartments' }));

  await visitor.getByLabel('First name').fill('Quinn');
  await visitor.getByLabel('Last name').fill('Avery');
  await visitor.getByLabel('Email').fill('quinn.avery@mail.example');
  await visitor.getByLabel('Unit number').fill('12B');
  await visitor.getByLabel('I have one or more dogs').check();
  await fillDog(visitor, 1, 'Biscuit', 'Beagle');
  await visitor
    .getByRole('group', { name: 'Dog 1' })
    .locator('input[type=file]')
    .setInputFiles({ name: 'biscuit.png', mimeType: 'image/png', buffer: PNG });
  await visitor.getByRole('button', { name: 'Add another dog' }).click();
  await fillDog(visitor, 2, 'Pepper', 'Poodle');
  await visitor.getByLabel('I agree to the dog owner policy').check();
  await visitor.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await visitor.getByLabel('Confirm password').fill(PASSWORD);
  await visitor.getByRole('button', { name: 'Register' }).click();
  // Oak Ridge has the Ancestry feature: dog owners go on to the shop, which offers the kit for each dog.
  await visitor.waitForURL((url) => url.pathname === '/shop/offers', { timeout: 60_000 });
  await visible(visitor.getByRole('checkbox', { name: 'Dog Ancestry DNA Kit for Pepper' }));

  const { page: manager } = await world.newPage();
  await world.signIn(manager, 'property.manager');
  await manager.goto(`/group/${oakRidge}/preregistration`);
  const row = manager.getByRole('row', { name: /Quinn Avery/ });
  await row.getByRole('button', { name: 'Approve All' }).click();
  const dialog = manager.getByRole('dialog', { name: 'Add new pet owner' });
  const sampleNumbers = dialog.getByLabel('Sample number');
  await visible(sampleNumbers);
  expect(await sampleNumbers.count()).toBe(2);
  await sampleNumbers.nth(0).fill('DN5550001');
  await sampleNumbers.nth(1).fill('dn5550002');
  await dialog.getByRole('button', { name: 'Approve' }).click();
  await visible(manager.getByText('Resident Quinn Avery approved.'));
  await gone(dialog);

  const staff = await world.api('property.manager');
  const [resident] = (await staff('GET', `/groups/${oakRidge}/residents?name=Quinn Avery`)).data;
  expect(resident).toMatchObject({ isPetOwner: true, userName: 'quinn.avery' });
  const dogs = await staff('GET', `/dogs/${resident.id}`);
  expect(dogs.map((dog: { name: string; imagePath: string | null }) => [dog.name, !!dog.imagePath])).toEqual([
    ['Biscuit', true],
    ['Pepper', false],
  ]);
  const owner = await staff('GET', `/petowner/${resident.petOwnerId}`);
  expect(owner.pets.map((pet: { name: string }) => pet.name).sort()).toEqual(['Biscuit', 'Pepper']);
  const mail = await world.smtp.waitFor((message) => message.to.includes('quinn.avery@mail.example'));
  expect(mail.text).toContain('quinn.avery');

  const { page: ownerPage } = await world.newPage();
  await world.signIn(ownerPage, 'quinn.avery', { password: PASSWORD });
  await visible(ownerPage.getByText('Biscuit'));
  await visible(ownerPage.getByText('DN5550002'));

  await manager.goto(`/group/${oakRidge}/residents?name=Quinn`);
  const residentRow = manager.getByRole('row', { name: /Quinn Avery/ });
  await residentRow.getByRole('button', { name: 'More actions' }).click();
  await manager.getByRole('menuitem', { name: 'Move Out' }).click();
  await manager.getByRole('dialog').getByRole('button', { name: 'Move out' }).click();
  await visible(manager.getByText('1 resident(s) moved out.'));
  await manager.goto(`/group/${oakRidge}/moveouts`);
  await visible(manager.getByRole('link', { name: 'Quinn Avery' }));
});
