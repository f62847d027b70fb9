// Group screens in Chromium: a small hierarchy built through the add-group modal, an admin created on a property (the
// pet-owner refusal and the existing-admin offer), an illegal move refused with the server's message as a toast,
// deactivation moving the property under 'Inactive Groups' in the tree, and the certificate logo upload.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { startWorld, type E2eWorld } from './support/app.ts';
import { gone, visible } from './support/locators.ts';

let world: E2eWorld;
let rootId: number;
let rootName: string;
let property: { id: number; name: string };
let management: { id: number; name: string };
let distributorship: { id: number; name: string };

const newAdmin = (tag: string) => ({
  firstName: 'Gus',
  lastName: tag,
  email: `gus.${tag.toLowerCase()}@test.example`,
  role: 8,
});

beforeAll(async () => {
  world = await startWorld();
  const staff = await world.api('lab.admin');
  const roots = await staff('GET', '/groups/group');
  rootId = roots[0].id;
  rootName = roots[0].name;
  distributorship = await staff('POST', '/distributor', {
    name: 'Api Distributorship',
    parentId: rootId,
    createNewUser: true,
    primaryAdminToBeCreated: newAdmin('Dist'),
  });
  management = await staff('POST', '/managementgroup', {
    name: 'Api Management',
    parentId: distributorship.id,
    inheritPrimaryAdminFromParent: true,
    createNewUser: false,
  });
  property = await staff('POST', '/property', {
    name: 'Api Property',
    parentId: management.id,
    inheritPrimaryAdminFromParent: true,
    createNewUser: false,
  });
});
afterAll(async () => {
  await world?.close();
});

async function openAction(page: Page, action: string) {
  await page.getByRole('button', { name: 'More group actions' }).click();
  await page.getByRole('menuitem', { name: action, exact: true }).click();
}

async function addGroup(page: Page, type: string, name: string, primary: 'create' | 'inherit') {
  await openAction(page, 'Add group');
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('radio', { name: type, exact: true }).check();
  await dialog.getByLabel('Name', { exact: true }).fill(name);
  if (primary === 'inherit') {
    await dialog.getByRole('radio', { name: 'Inherit from the parent' }).check();
  } else {
    await dialog.getByLabel('First name').fill('Nora');
    await dialog.getByLabel('Last name').fill('Field');
    await dialog.getByLabel('Admin email').fill(`nora.${Date.now()}@test.example`);
    await dialog.getByLabel('Role').click();
    await page.locator('.ant-select-item-option').first().click();
  }
  await dialog.getByRole('button', { name: 'Add group' }).click();
  await visible(page.getByRole('heading', { name }));
}

test('build a distributorship, a management group and a property through the screens', async () => {
  const { page } = await world.newPage();
  await world.signIn(page, 'lab.admin');
  await page.goto(`/group/${rootId}`);
  await visible(page.getByRole('heading', { name: rootName }));
  await addGroup(page, 'Distributorship', 'Screen Distributorship', 'create');
  await addGroup(page, 'Management Group', 'Screen Management', 'inherit');
  await addGroup(page, 'Property', 'Screen Property', 'inherit');
  await visible(page.getByText('Pre-registration link'));
  await world.screenshot(page, 'group-details-property');
  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Screen Property' });
  await edit.getByLabel('Phone').fill('555-0100');
  await edit.getByLabel('Property notes').fill('Gate code 42');
  await edit.getByRole('button', { name: 'Save' }).click();
  await visible(page.getByText('Gate code 42'));
  const staff = await world.api('lab.admin');
  const groupId = Number(/\/group\/(\d+)/.exec(page.url())![1]);
  const created = await staff('GET', `/group/${groupId}`);
  expect(created).toMatchObject({ groupType: 4, phone: '555-0100', propertyNotes: 'Gate code 42' });
  const parent = await staff('GET', `/group/${created.parentId}`);
  expect(parent.name).toBe('Screen Management');
  // The tree opens down to the group on screen and highlights it; other children still load on demand.
  const tree = page.getByRole('navigation', { name: 'Groups' });
  await visible(tree.locator('.ant-tree-node-selected', { hasText: 'Screen Property' }));
  await visible(tree.getByText('Screen Distributorship'));
  await tree.getByText('Screen Distributorship').click();
  await page.waitForURL(/\/dashboard$/);
  await visible(page.getByRole('img', { name: 'Groups chart' }));
  await world.screenshot(page, 'group-dashboard');
});

test('create an admin on a property: pet-owner email refused, admin email offered, new admin created', async () => {
  const owner = await (await world.api('pet.owner'))('GET', '/account/userinfo');
  const existing = await (await world.api('property.manager'))('GET', '/account/userinfo');
  const { page } = await world.newPage();
  await world.signIn(page, 'lab.admin');
  await page.goto(`/group/${property.id}/admins`);
  const create = async (email: string) => {
    await page.getByRole('button', { name: 'Create admin' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Create admin on group' });
    await dialog.getByLabel('First name').fill('Ada');
    await dialog.getByLabel('Last name').fill('Lake');
    await dialog.getByLabel('Email', { exact: true }).fill(email);
    await dialog.getByLabel('Role').click();
    await page.locator('.ant-select-item-option').first().click();
    await dialog.getByRole('button', { name: 'Create admin' }).click();
  };
  await create(owner.email);
  await visible(page.getByText(`Email '${owner.email}' is already assigned to a Pet Owner.`));
  await page.getByRole('button', { name: 'OK' }).click();
  await page.getByLabel('Email', { exact: true }).fill(existing.email);
  await page
    .getByRole('dialog', { name: 'Create admin on group' })
    .getByRole('button', { name: 'Create admin' })
    .click();
  await visible(
    page.getByText(
      `Email '${existing.email}' belongs to Admin '${existing.fullName}'. Would you like to add them as an admin to this group?`,
    ),
  );
  await page.getByRole('button', { name: 'Add admin' }).click();
  await visible(page.getByRole('cell', { name: existing.fullName }));
  await gone(page.getByRole('dialog'));
  await create('ada.lake@test.example');
  await visible(page.getByRole('cell', { name: 'Ada Lake' }));
  await gone(page.getByRole('dialog'));
  await world.screenshot(page, 'group-admins');
  const staff = await world.api('lab.admin');
  const admins = await staff('GET', `/groupadmin/${property.id}?adminFilter=1`);
  expect(admins.admins.map((a: { fullName: string }) => a.fullName)).toEqual(
    expect.arrayContaining(['Ada Lake', existing.fullName]),
  );

  // The added admin sees the property in their tree and a dashboard without the staff-only Global mode.
  const other = await world.newPage();
  await world.signIn(other.page, 'property.manager');
  await other.page.goto(`/group/${property.id}/dashboard`);
  await visible(other.page.getByRole('navigation', { name: 'Groups' }).getByText(property.name));
  await visible(other.page.getByText('Active & Inactive'));
  expect(await other.page.getByText('Global', { exact: true }).count()).toBe(0);
  await world.screenshot(other.page, 'group-dashboard-admin');
});

test('an illegal move shows the server message as a toast; delete needs the group name typed', async () => {
  const { page } = await world.newPage();
  await world.signIn(page, 'lab.admin');
  await page.goto(`/group/${property.id}`);
  await openAction(page, 'Move');
  const dialog = page.getByRole('dialog', { name: `Move ${property.name}` });
  await dialog.getByText(rootName, { exact: true }).click();
  await dialog.getByRole('button', { name: 'Move' }).click();
  await visible(page.getByText('Property cannot be be moved to Hierarchy Root.'));
  await world.screenshot(page, 'group-move-refused');
  const staff = await world.api('lab.admin');
  expect((await staff('GET', `/group/${property.id}`)).parentId).toBe(management.id);

  const doomed = await staff('POST', '/property', {
    name: 'Doomed Property',
    parentId: management.id,
    inheritPrimaryAdminFromParent: true,
    createNewUser: false,
  });
  await page.goto(`/group/${doomed.id}`);
  await openAction(page, 'Delete');
  await page.getByLabel('Confirmation text').fill('Doomed');
  await page.getByRole('button', { name: 'Delete group' }).click();
  await visible(page.getByText('Invalid confirmation text. Please ensure you have typed the group name correctly.'));
  await page.getByLabel('Confirmation text').fill('Doomed Property');
  await page.getByRole('button', { name: 'Delete group' }).click();
  await page.waitForURL(new RegExp(`/group/${management.id}/dashboard$`));
  await expect(staff('GET', `/group/${doomed.id}`)).rejects.toThrow(/404/);
});

test('deactivating a property puts it under Inactive Groups; subgroups reactivate and bulk transfer', async () => {
  const { page } = await world.newPage();
  await world.signIn(page, 'lab.admin');
  await page.goto(`/group/${property.id}`);
  await openAction(page, 'Deactivate');
  await page.getByRole('dialog').getByRole('button', { name: 'Deactivate', exact: true }).click();
  await visible(page.getByText('Inactive', { exact: true }));
  const tree = page.getByRole('navigation', { name: 'Groups' });
  // The tree opened the path to the property when its page loaded; only closed nodes are clicked open.
  const expand = async (name: string) => {
    const switcher = tree.locator('.ant-tree-treenode', { hasText: name }).first().locator('.ant-tree-switcher');
    if (await switcher.evaluate((element) => element.classList.contains('ant-tree-switcher_close')))
      await switcher.click();
  };
  await expand(rootName);
  await expand(distributorship.name);
  await expand(management.name);
  await expand('Inactive Groups');
  await visible(tree.getByText(property.name));
  await world.screenshot(page, 'group-tree-inactive');
  const staff = await world.api('lab.admin');
  expect((await staff('GET', `/group/${property.id}`)).isActive).toBe(false);
  // The subgroups route parameter isActiveFilter=0 selects Inactive.
  await page.goto(`/group/${distributorship.id}/subgroups?isActiveFilter=0`);
  await visible(page.getByRole('cell', { name: property.name }));
  await world.screenshot(page, 'group-subgroups-inactive');
  // Reactivate from the row, then (default filter Active) bulk-transfer it to the distributorship.
  await page
    .getByRole('row', { name: new RegExp(property.name) })
    .getByRole('button', { name: 'Activate' })
    .click();
  await page.getByRole('dialog').getByRole('button', { name: 'Activate', exact: true }).click();
  await gone(page.getByRole('cell', { name: property.name }));
  await page.goto(`/group/${distributorship.id}/subgroups`);
  await page
    .getByRole('row', { name: new RegExp(property.name) })
    .getByRole('checkbox')
    .check();
  await page.getByRole('button', { name: /Bulk transfer/ }).click();
  const picker = page.getByRole('dialog', { name: 'Transfer 1 group(s)' });
  await picker.locator('.ant-tree-treenode', { hasText: rootName }).locator('.ant-tree-switcher').click();
  await picker.getByText(distributorship.name, { exact: true }).click();
  await picker.getByRole('button', { name: 'Transfer' }).click();
  await gone(picker);
  expect((await staff('GET', `/group/${property.id}`)).parentId).toBe(distributorship.id);
});

test('logo upload: a non-image is refused on the client, an image is uploaded', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'logo-'));
  const png = path.join(dir, 'logo.png');
  fs.writeFileSync(
    png,
    Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      'base64',
    ),
  );
  const txt = path.join(dir, 'notes.txt');
  fs.writeFileSync(txt, 'not an image');
  const { page } = await world.newPage();
  await world.signIn(page, 'lab.admin');
  await page.goto(`/group/${management.id}`);
  const input = page.locator('input[type=file]');
  await input.setInputFiles(txt);
  await visible(page.getByText('File must be an image.'));
  await page.getByRole('button', { name: 'OK' }).click();
  await gone(page.getByText('File must be an image.'));
  await input.setInputFiles(png);
  await visible(page.getByText('Logo uploaded successfully.'));
  await visible(page.getByRole('img', { name: 'Certificate logo' }));
  await world.screenshot(page, 'group-logo');
  const staff = await world.api('lab.admin');
  expect((await staff('GET', `/group/${management.id}`)).logoUrl).toMatch(/\/files\//);
  fs.rmSync(dir, { recursive: true, force: true });
});
