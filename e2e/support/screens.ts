// The screen registry of the sweeps (e2e/screens.e2e.test.ts): every built screen, the demo user who opens it, where its
// row actions are and the edit forms on it. A new area's screens join every sweep by adding entries here.
import type { Locator, Page } from 'playwright-core';

/** Seeded records the screens open, looked up once through the API (see resolveSeedIds). */
export type SeedIds = {
  root: number;
  management: number;
  property: number;
  /** The demo parentage group (Lone Star Breeders Club). */
  parentageGroup: number;
  propertyManagerAdmin: number;
  petOwner: number;
  resident: number;
  /** A live password reset link (path and query) of a demo pet owner, from the mailed message (resetPasswordPath). */
  resetPassword: string;
};

type EditForm = {
  name: string;
  /** Opens the form on the screen. */
  open(page: Page): Promise<void>;
  /** The control that saves it (its click must send the write). */
  save(page: Page): Locator;
  /** The API path (GET, as the screen's user) that reads the record back. */
  readBack(ids: SeedIds): string;
};

type ScreenCommon = {
  name: string;
  path(ids: SeedIds): string;
  /** Shows once the screen has loaded. */
  ready(page: Page): Locator;
  /** A row action (or the actions column) that must be fully visible at 1280×800. */
  rowActions?(page: Page): Locator;
  editForms?: EditForm[];
};

/**
 * A screen opened by a demo user (README), or a signed-out page (`signedOut`): opened in a tab with no session, it has
 * no menu, so the phone sweep checks its width only.
 */
export type Screen = ScreenCommon & ({ user: string; signedOut?: undefined } | { signedOut: true; user?: undefined });

const heading = (name: string | RegExp) => (page: Page) => page.getByRole('heading', { name }).first();
const actionsColumn = (page: Page) => page.getByRole('columnheader', { name: 'Actions' }).first();
const dialogSave = (title: RegExp) => (page: Page) =>
  page.getByRole('dialog', { name: title }).getByRole('button', { name: 'Save', exact: true });

const groupEdit = (name: string, id: (ids: SeedIds) => number, title: RegExp): EditForm => ({
  name,
  open: async (page) => page.getByRole('button', { name: 'Edit', exact: true }).click(),
  save: dialogSave(title),
  readBack: (ids) => `/group/${id(ids)}`,
});

export const SCREENS: Screen[] = [
  {
    name: 'group dashboard',
    path: (ids) => `/group/${ids.root}/dashboard`,
    user: 'lab.admin',
    ready: (page) => page.getByRole('img', { name: / chart$/ }).first(),
  },
  {
    name: 'property details',
    path: (ids) => `/group/${ids.property}`,
    user: 'lab.admin',
    ready: heading('Oak Ridge Apartments'),
    editForms: [groupEdit('property edit', (ids) => ids.property, /^Edit Oak Ridge Apartments$/)],
  },
  {
    name: 'management group details',
    path: (ids) => `/group/${ids.management}`,
    user: 'lab.admin',
    ready: heading('Harbor Property Management'),
    editForms: [groupEdit('management group edit', (ids) => ids.management, /^Edit Harbor Property Management$/)],
  },
  {
    name: 'subgroups',
    path: (ids) => `/group/${ids.root}/subgroups`,
    user: 'lab.admin',
    ready: (page) => page.getByRole('link', { name: 'Oak Ridge Apartments' }),
    rowActions: actionsColumn,
  },
  {
    name: 'group admins',
    path: (ids) => `/group/${ids.property}/admins`,
    user: 'lab.admin',
    ready: (page) => page.getByRole('cell', { name: 'property.manager' }),
    rowActions: actionsColumn,
  },
  {
    name: 'admin search',
    path: () => '/admin?name=Shah',
    user: 'lab.admin',
    ready: (page) => page.getByRole('link', { name: 'Priya Shah' }),
  },
  {
    name: 'admin',
    path: (ids) => `/admin/${ids.propertyManagerAdmin}`,
    user: 'lab.admin',
    ready: (page) => page.getByText('property.manager').first(),
    editForms: [
      {
        name: 'admin edit',
        open: async (page) => page.getByRole('button', { name: 'Edit', exact: true }).click(),
        save: (page) =>
          page.getByRole('form', { name: 'Edit admin' }).getByRole('button', { name: 'Save', exact: true }),
        readBack: (ids) => `/admin/${ids.propertyManagerAdmin}`,
      },
    ],
  },
  {
    name: 'documents',
    path: () => '/system/documents',
    user: 'lab.admin',
    ready: (page) => page.getByRole('table'),
    rowActions: (page) => page.getByRole('button', { name: /^Edit / }).first(),
  },
  {
    name: 'lab settings',
    path: () => '/system/lab-settings',
    user: 'lab.admin',
    ready: (page) => page.getByRole('button', { name: 'Save title' }).first(),
  },
  { name: 'email log', path: () => '/system/emaillog', user: 'lab.admin', ready: (page) => page.getByRole('table') },
  {
    name: 'email templates',
    path: () => '/system/emailtemplates',
    user: 'lab.admin',
    ready: (page) => page.getByRole('cell', { name: 'UserWelcome', exact: true }),
  },
  { name: 'audit log', path: () => '/system/audit-log', user: 'lab.admin', ready: (page) => page.getByRole('table') },
  { name: 'page views', path: () => '/system/page-views', user: 'lab.admin', ready: heading('Page views') },
  {
    name: 'manage account',
    path: () => '/account/manage',
    user: 'lab.admin',
    ready: (page) => page.getByRole('button', { name: 'Save profile' }),
    editForms: [
      {
        name: 'profile',
        open: async () => undefined,
        save: (page) => page.getByRole('button', { name: 'Save profile' }),
        readBack: () => '/account/manageinfo',
      },
    ],
  },
  {
    name: 'property dashboard (property manager)',
    path: (ids) => `/group/${ids.property}/dashboard`,
    user: 'property.manager',
    ready: (page) => page.getByRole('img', { name: / chart$/ }).first(),
  },
  { name: 'pet owner page', path: () => '/', user: 'pet.owner', ready: (page) => page.getByRole('table') },
  {
    name: 'pet owner page (admin)',
    path: (ids) => `/petowner/${ids.petOwner}/`,
    user: 'property.manager',
    ready: heading(/^Jordan Blake/),
    editForms: [
      {
        name: 'pet owner edit',
        open: async (page) => page.getByRole('button', { name: 'Edit', exact: true }).click(),
        save: (page) => page.getByRole('dialog', { name: 'Edit pet owner' }).getByRole('button', { name: 'Save' }),
        readBack: (ids) => `/petowner/${ids.petOwner}`,
      },
    ],
  },
  {
    name: 'group pet owners',
    path: (ids) => `/group/${ids.property}/petowners`,
    user: 'property.manager',
    ready: (page) => page.getByRole('cell', { name: 'pet.owner' }),
    rowActions: actionsColumn,
  },
  {
    name: 'group pet owners moved out',
    path: (ids) => `/group/${ids.property}/petowners?movedOut=true`,
    user: 'property.manager',
    ready: (page) => page.getByRole('table'),
  },
  {
    name: 'unassigned pet owners',
    path: () => '/tools/unassignedpetowners',
    user: 'lab.admin',
    ready: (page) => page.getByRole('table'),
  },
  {
    name: 'pets under a group',
    path: (ids) => `/group/${ids.property}/pets`,
    user: 'property.manager',
    ready: (page) => page.getByRole('table'),
  },
  {
    name: 'orphaned pets',
    path: () => '/tools/orphans',
    user: 'lab.admin',
    ready: (page) => page.getByRole('cell', { name: 'Scout' }),
    rowActions: actionsColumn,
  },
  {
    name: 'pet barcode scanner',
    path: () => '/tools/petbarcodescanner',
    user: 'property.manager',
    ready: heading('Pet barcode scanner'),
  },
  { name: 'resident landing', path: () => '/reg/overview', user: 'RES0000001', ready: heading(/^Welcome/) },
  {
    name: 'residents',
    path: (ids) => `/group/${ids.property}/residents`,
    user: 'property.manager',
    ready: (page) => page.getByRole('link', { name: 'Morgan Lee' }),
    rowActions: actionsColumn,
  },
  {
    name: 'pre-registration list',
    path: (ids) => `/group/${ids.property}/preregistration`,
    user: 'property.manager',
    ready: (page) => page.getByRole('link', { name: 'Morgan Lee' }),
    rowActions: actionsColumn,
  },
  {
    name: 'move-outs',
    path: (ids) => `/group/${ids.property}/moveouts`,
    user: 'property.manager',
    ready: (page) => page.getByRole('table'),
  },
  {
    name: 'rent roll',
    path: (ids) => `/group/${ids.property}/rentroll`,
    user: 'property.manager',
    ready: (page) => page.getByRole('button', { name: 'Save mapping' }),
  },
  {
    name: 'API keys',
    path: (ids) => `/group/${ids.property}/apikeys`,
    user: 'property.manager',
    ready: (page) => page.getByText('No API keys yet.', { exact: false }),
  },
  {
    name: 'webhooks',
    path: (ids) => `/group/${ids.property}/webhooks`,
    user: 'property.manager',
    ready: (page) => page.getByText('No webhooks yet.', { exact: false }),
  },
  {
    name: 'program analytics',
    path: (ids) => `/reports/program-analytics?groupId=${ids.management}&groupName=Harbor%20Property%20Management`,
    user: 'firm.manager',
    ready: (page) => page.getByText('Waste samples collected').first(),
  },
  {
    name: 'lab analytics',
    path: () => '/lab-tools/lab-analytics',
    user: 'lab.admin',
    ready: (page) => page.getByText('Samples received').first(),
  },
  {
    name: 'flagged samples',
    path: (ids) => `/group/${ids.property}/flaggedsamples`,
    user: 'property.manager',
    ready: (page) => page.getByRole('table'),
  },
  {
    name: 'group waste results',
    path: (ids) => `/group/${ids.property}/results`,
    user: 'property.manager',
    ready: (page) => page.getByText(/^Waste results: /),
  },
  {
    name: 'notifications',
    path: () => '/notifications',
    user: 'property.manager',
    ready: (page) => page.getByRole('table'),
  },
  {
    name: 'resident details',
    path: (ids) => `/resident/${ids.resident}`,
    user: 'property.manager',
    ready: (page) => page.getByText('Bella'),
    editForms: [
      {
        name: 'resident edit',
        open: async (page) => page.getByRole('button', { name: 'Edit', exact: true }).click(),
        save: dialogSave(/^Edit resident$/),
        readBack: (ids) => `/residents/${ids.resident}/details`,
      },
    ],
  },
  {
    name: 'scan waste barcode',
    path: () => '/tools/scanwastebarcode',
    user: 'lab.admin',
    ready: (page) => page.getByLabel('Sample number'),
  },
  {
    name: 'collect waste samples (phone app)',
    path: () => '/collect',
    user: 'property.maintenance',
    ready: (page) => page.getByRole('heading', { name: 'Collect waste samples' }),
  },
  {
    name: 'where waste is found',
    path: (ids) => `/group/${ids.property}/wastemap`,
    user: 'property.manager',
    ready: (page) => page.getByRole('heading', { name: 'Where waste is found' }),
  },
  {
    name: 'enter waste sample',
    path: () => '/tools/enterwastesample',
    user: 'property.manager',
    ready: (page) => page.getByLabel('Sample number'),
  },
  {
    name: 'DNA processing',
    path: () => '/dna/processing',
    user: 'lab.admin',
    ready: heading('DNA processing'),
    rowActions: actionsColumn,
  },
  {
    name: 'DNA controls',
    path: () => '/dna/controls',
    user: 'lab.admin',
    ready: heading('Controls'),
    rowActions: actionsColumn,
  },
  {
    name: 'DNA sample data',
    path: () => '/dna/sample-data?sampleNumber=DN1000001',
    user: 'lab.admin',
    ready: heading('Sample data'),
  },
  {
    name: 'universal search',
    path: () => '/tools/search?query=Biscuit',
    user: 'distributor',
    ready: (page) => page.getByRole('link', { name: 'Biscuit' }).first(),
  },
  {
    name: 'TD audit report',
    path: (ids) => `/reports/tdaudit?groupId=${ids.root}&groupName=PetDNA%20Registry`,
    user: 'lab.admin',
    ready: heading('TD audit report'),
  },
  {
    name: 'PooPrints detail request',
    path: (ids) => `/reports/pooprintsdetail?groupId=${ids.management}&groupName=Harbor%20Property%20Management`,
    user: 'lab.admin',
    ready: (page) => page.getByRole('button', { name: 'Run report' }),
  },
  {
    name: 'PooPrints detail result',
    path: (ids) =>
      `/reports/pooprintsdetailresult?groupId=${ids.management}&groupName=Harbor%20Property%20Management&status=all`,
    user: 'firm.manager',
    ready: (page) => page.getByRole('cell', { name: 'Oak Ridge Apartments' }).first(),
  },
  {
    name: 'email exports',
    path: (ids) => `/reports/emailexports?groupId=${ids.property}&groupName=Oak%20Ridge%20Apartments`,
    user: 'office.admin',
    ready: heading('Email exports'),
  },
  {
    name: 'product by plate',
    path: () => '/reports/productbyplate',
    user: 'lab.admin',
    ready: heading('Product by plate'),
  },
  {
    name: 'TD report',
    path: (ids) => `/reports/pooprintstd?groupId=${ids.root}&groupName=PetDNA%20Registry`,
    user: 'lab.admin',
    ready: heading('TD report'),
  },
  {
    name: 'no match to match report',
    path: (ids) =>
      `/reports/pooprintsnomatchtomatch?groupId=${ids.management}&groupName=Harbor%20Property%20Management`,
    user: 'firm.manager',
    ready: heading('No match to match'),
  },
  {
    name: 'inventory report',
    path: (ids) => `/reports/inventory?groupId=${ids.property}&groupName=Oak%20Ridge%20Apartments`,
    user: 'property.manager',
    ready: heading('Inventory report'),
  },
  {
    name: 'resident registrations report',
    path: (ids) => `/reports/resident-registrations-request?groupId=${ids.property}&groupName=Oak%20Ridge%20Apartments`,
    user: 'lab.admin',
    ready: heading('Resident registrations'),
  },
  {
    name: 'duplicate dogs report',
    path: (ids) => `/reports/duplicate-dog?groupId=${ids.root}&groupName=PetDNA%20Registry`,
    user: 'lab.admin',
    ready: heading('Duplicate dog report'),
  },
  {
    name: 'gender mismatch report',
    path: (ids) => `/reports/gendermismatch?groupId=${ids.property}&groupName=Oak%20Ridge%20Apartments`,
    user: 'property.manager',
    ready: heading('Gender mismatch report'),
  },
  {
    name: 'property exports',
    path: (ids) => `/reports/propertyexports?groupId=${ids.management}&groupName=Harbor&exportOption=1`,
    user: 'firm.manager',
    ready: heading('Property exports'),
  },
  {
    name: 'waste results',
    path: () => '/dna/wasteresults',
    user: 'lab.admin',
    ready: heading('Waste results'),
  },
  {
    name: 'no-match reruns',
    path: () => '/dna/nomatchreruns',
    user: 'lab.admin',
    ready: heading('No-match reruns'),
  },
  {
    name: 'waste result set without an id',
    path: () => '/wasteresultset',
    user: 'lab.admin',
    ready: (page) => page.getByText('No result set id provided'),
  },
  {
    name: 'plate files',
    path: () => '/tools/platefiles',
    user: 'service.admin',
    ready: heading('Plate files'),
    rowActions: actionsColumn,
  },
  {
    name: 'products',
    path: () => '/ecommerce/products',
    user: 'office.admin',
    ready: (page) => page.getByRole('cell', { name: 'ANC-DOG-KIT' }),
    rowActions: actionsColumn,
    editForms: [
      {
        name: 'product edit',
        open: async (page) => page.getByRole('button', { name: 'Edit', exact: true }).first().click(),
        save: dialogSave(/^Edit product$/),
        readBack: () => '/products/getallforadmin?page=1&pageSize=10',
      },
    ],
  },
  {
    name: 'promotion codes',
    path: () => '/ecommerce/promotion-codes',
    user: 'office.admin',
    ready: heading('Promotion codes'),
  },
  {
    name: 'shop settings',
    path: () => '/ecommerce/settings',
    user: 'office.admin',
    ready: heading('Shop settings'),
  },
  {
    name: 'orders list',
    path: () => '/tools/orders-list',
    user: 'service.admin',
    ready: heading('Orders'),
    rowActions: actionsColumn,
  },
  {
    name: 'pet owner promotion codes',
    path: () => '/tools/pet-owner-assigned-promotion-codes',
    user: 'office.admin',
    ready: heading('Pet owner promotion codes'),
  },
  {
    name: 'ancestry fulfillment',
    path: () => '/lab-tools/ancestry-fulfillment',
    user: 'lab.admin',
    ready: heading('Ancestry fulfillment'),
    rowActions: actionsColumn,
  },
  {
    name: 'my notices',
    path: () => '/notices',
    user: 'pet.owner',
    ready: heading('My notices'),
  },
  {
    name: 'group fines',
    path: (ids) => `/group/${ids.property}/fines`,
    user: 'property.manager',
    ready: (page) => page.getByText('Fine schedule', { exact: true }).first(),
  },
  {
    name: 'my orders',
    path: () => '/shop/orders',
    user: 'pet.owner',
    ready: heading('My orders'),
  },
  {
    name: 'shop offers',
    path: () => '/shop/offers',
    user: 'pet.owner',
    ready: heading('Dog DNA products'),
  },
  {
    name: 'shop summary',
    path: () => '/shop/summary',
    user: 'pet.owner',
    ready: heading('Order summary'),
  },
  {
    name: 'life plans',
    path: () => '/lifeplans',
    user: 'pet.owner',
    ready: heading('Life plans'),
  },
  {
    name: 'parentage',
    path: () => '/parentage',
    user: 'parentage.manager',
    ready: heading('Parentage'),
    rowActions: actionsColumn,
  },
  {
    name: 'group parentage',
    path: (ids) => `/group/${ids.parentageGroup}/parentage`,
    user: 'parentage.manager',
    ready: heading('Lone Star Breeders Club'),
    rowActions: actionsColumn,
  },
  {
    name: 'bulk resident import',
    path: () => '/tools/bulkupload',
    user: 'property.manager',
    ready: (page) => page.getByText('PropertyName (required)'),
  },
  {
    name: 'parentage test tool',
    path: () => '/tools/parentage/test',
    user: 'parentage.manager',
    ready: (page) => page.getByRole('button', { name: 'Run test' }),
  },
  {
    name: 'parentage lookup',
    path: () => '/tools/parentage/lookup',
    user: 'lab.admin',
    ready: (page) => page.getByRole('button', { name: 'Look up' }),
  },
  {
    name: 'duplicate dog report',
    path: () => '/lab-tools/duplicate-dog-report',
    user: 'lab.admin',
    ready: heading('Duplicate dog report'),
    rowActions: actionsColumn,
  },
  {
    name: 'no-match clusters',
    path: () => '/lab-tools/no-match-clusters',
    user: 'lab.admin',
    ready: heading('No-match clusters'),
  },
  {
    name: 'no-match clusters report',
    path: () => '/reports/no-match-clusters',
    user: 'service.admin',
    ready: heading('No-match clusters report'),
  },
  {
    name: 'similar DNA profiles',
    path: () => '/tools/similardnaprofiles',
    user: 'service.admin',
    ready: (page) => page.getByRole('button', { name: 'Search' }),
  },
  {
    name: 'similar DNA profiles, relatives mode',
    path: () => '/tools/similardnaprofiles?mode=Relatives&samplenumber=DN1000001',
    user: 'service.admin',
    ready: heading(/Possible parent or offspring/),
  },
  {
    name: 'login',
    path: () => '/login',
    signedOut: true,
    ready: (page) => page.getByRole('button', { name: 'Sign in' }),
  },
  {
    name: 'forgot password',
    path: () => '/forgot',
    signedOut: true,
    ready: (page) => page.getByRole('button', { name: 'Send reset link' }),
  },
  {
    name: 'reset password',
    path: (ids) => ids.resetPassword,
    signedOut: true,
    ready: (page) => page.getByRole('button', { name: 'Reset password' }),
  },
  {
    name: 'reset password, expired link',
    path: () => '/resetpassword?userName=avery.kim&token=expired',
    signedOut: true,
    ready: (page) => page.getByText('This password reset link is invalid or has expired.'),
  },
  {
    name: 'confirm email, expired link',
    path: () => '/confirm-email?token=expired',
    signedOut: true,
    ready: (page) => page.getByText('This confirmation link is invalid or has expired.'),
  },
];

type Api = (method: string, path: string, body?: unknown) => Promise<any>;
type Mailbox = { waitFor(predicate: (mail: { to: string[] }) => boolean): Promise<{ text: string }> };

export async function resolveSeedIds(staff: Api, world: { baseUrl: string; smtp: Mailbox }): Promise<SeedIds> {
  const [root] = await staff('GET', '/groups/group');
  const manager = (await staff('GET', '/admin/search?name=Shah')).data[0];
  const property = (await staff('GET', `/admin/${manager.id}`)).groups[0];
  const petOwner = (await staff('GET', '/petowner/searchpetowners?userName=pet.owner')).data[0];
  const [resident] = await staff('GET', '/residents/search?query=Morgan');
  const [parentageGroup] = (
    await staff('GET', '/group/getpetownergroupsofcurrentadmin?name=Lone%20Star&includeParentageGroups=true')
  ).data;
  return {
    root: root.id,
    management: property.parentId,
    property: property.id,
    parentageGroup: parentageGroup.id,
    propertyManagerAdmin: manager.id,
    petOwner: petOwner.id,
    resident: resident.id,
    resetPassword: await resetPasswordPath(world),
  };
}

/** Asks for a password reset of a demo pet owner and answers the mailed link's path (never followed to the end). */
async function resetPasswordPath(world: { baseUrl: string; smtp: Mailbox }): Promise<string> {
  const email = 'avery.kim@mail.example';
  const response = await fetch(`${world.baseUrl}/api/v1/account/forgotpassword`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email }),
  });
  if (!response.ok) throw new Error(`forgotpassword answered ${response.status}`);
  const mail = await world.smtp.waitFor((message) => message.to.includes(email));
  const link = /https?:\/\/[^/\s]+(\/resetpassword\?userName=[^&\s]+&token=[A-Za-z0-9_-]+)/.exec(mail.text);
  if (!link) throw new Error('no reset link in the mail');
  return link[1];
}
