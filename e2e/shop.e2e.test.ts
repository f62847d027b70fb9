// The shop in Chromium: a resident pre-registers with a dog at a property with the Ancestry feature, lands in the shop,
// buys the ancestry kit with a card on the summary page and sees the confirmation with the order; the confirmation mail
// reaches the SMTP receiver; staff see the order on the orders list. Staff manage the product table, and a promotion
// code file with bad rows shows the row errors.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startWorld, type E2eWorld } from './support/app.ts';
import { gone, visible } from './support/locators.ts';

let world: E2eWorld;
const PASSWORD = 'Riley#Pass1';

beforeAll(async () => {
  world = await startWorld();
});
afterAll(async () => {
  await world?.close();
});

test('a resident pre-registers with a dog, buys the ancestry kit and gets the confirmation', async () => {
  const { page } = await world.newPage();
  await page.goto('/reg/OAKRIDGE');
  await visible(page.getByRole('heading', { name: 'Pre-register at Oak Ridge Apartments' }), 60_000);
  await page.getByLabel('First name').fill('Riley');
  await page.getByLabel('Last name').fill('Stone');
  await page.getByLabel('Email').fill('riley.stone@mail.example');
  await page.getByLabel('Unit number').fill('3A');
  await page.getByLabel('I have one or more dogs').check();
  const dog = page.getByRole('group', { name: 'Dog 1' });
  await dog.getByLabel('Dog name').fill('Rusty');
  await dog.getByLabel('Breed').fill('Collie');
  await page.getByLabel('I agree to the dog owner policy').check();
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Register' }).click();

  await page.waitForURL((url) => url.pathname === '/shop/offers', { timeout: 60_000 });
  await page.getByRole('checkbox', { name: 'Dog Ancestry DNA Kit for Rusty' }).check();
  await page.getByRole('button', { name: 'Continue to checkout' }).click();
  await page.waitForURL((url) => url.pathname === '/shop/summary');
  await expect.poll(() => page.getByTestId('grand-total').textContent(), { timeout: 60_000 }).toBe('$99.00');

  await page.getByLabel('First name').fill('Riley');
  await page.getByLabel('Last name').fill('Stone');
  await page.getByLabel('Billing address').fill('1 Oak Ridge Way');
  await page.getByLabel('City').fill('Austin');
  await page.getByLabel('State').fill('US-TX');
  await page.getByLabel('ZIP').fill('78701');
  // A mistyped number is caught in the page, before anything is sent.
  await page.getByLabel('Card number').fill('4242424242424241');
  await page.getByLabel('Expiry (MM/YY)').fill('12/35');
  await page.getByLabel('CVV').fill('123');
  await page.getByTestId('pay').click({ timeout: 60_000 });
  await visible(page.getByText('Invalid card number entered. Please try again.'), 30_000);
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('CVV').fill('123');
  await page.getByTestId('pay').click({ timeout: 60_000 });

  await page.waitForURL((url) => url.pathname === '/reg/success' && url.searchParams.has('orderId'), {
    timeout: 30_000,
  });
  const orderId = new URL(page.url()).searchParams.get('orderId');
  await visible(page.getByTestId('order-confirmation'), 60_000);
  await visible(page.getByText(`Your order number is ${orderId}.`));
  expect(await page.evaluate(() => sessionStorage.getItem('ordersCache'))).toContain(`"orderId":${orderId}`);
  const mail = await world.smtp.waitFor(
    (m) => m.to.includes('riley.stone@mail.example') && /ancestry/i.test(m.subject),
  );
  expect(mail.subject).toBe(`Your ancestry DNA order ${orderId}`);
  expect(mail.text).not.toContain('4242424242424242');

  const { page: staff } = await world.newPage();
  await world.signIn(staff, 'service.admin');
  await staff.goto('/tools/orders-list?searchTerm=Riley');
  await visible(staff.getByRole('cell', { name: /Riley Stone/ }), 60_000);
  await visible(staff.getByRole('cell', { name: 'Rusty' }));
});

test('staff add, deactivate and reactivate a product in the product table', async () => {
  const { page } = await world.newPage();
  await world.signIn(page, 'office.admin');
  await page.goto('/ecommerce/products');
  await visible(page.getByRole('cell', { name: 'ANC-DOG-KIT' }), 60_000);
  await page.getByRole('button', { name: 'New product' }).click();
  const dialog = page.getByRole('dialog', { name: 'New product' });
  await dialog.getByRole('button', { name: 'Save', exact: true }).click();
  await visible(dialog.getByText('SKU is required.'));
  await dialog.getByLabel('SKU').fill('ANC-PUPPY');
  await dialog.getByLabel('Name').fill('Puppy Ancestry Kit');
  await dialog.locator('#product_price').fill('79.50');
  await dialog.getByRole('button', { name: 'Save', exact: true }).click();
  await gone(dialog);
  const row = page.getByRole('row', { name: /ANC-PUPPY/ });
  await visible(row.getByText('$79.50'), 30_000);
  await row.getByRole('button', { name: 'Deactivate' }).click();
  await visible(row.getByText('Inactive'));
  await row.getByRole('button', { name: 'Reactivate' }).click();
  await visible(row.getByText('Active'));
});

test('a promotion code file with bad rows shows the row errors', async () => {
  const { page } = await world.newPage();
  await world.signIn(page, 'office.admin');
  await page.goto('/ecommerce/promotion-codes');
  await page.waitForURL((url) => url.searchParams.has('productId'));
  await page.getByRole('button', { name: 'Import codes' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import codes' });
  const rows = ['code', 'GOOD-1', '', 'X'.repeat(80), 'GOOD-1'].join('\n');
  await dialog.locator('input[type=file]').setInputFiles({
    name: 'codes.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`${rows}\n`),
  });
  await dialog.getByRole('button', { name: 'Import', exact: true }).click();
  await page
    .getByRole('dialog', { name: 'Are you sure you want to import this file?' })
    .getByRole('button', { name: 'Import' })
    .click();
  await visible(dialog.getByText('Import Failed'));
  await visible(dialog.getByText('Row 4: Code must be at most 64 characters.'));
  await visible(dialog.getByText("Row 5: Code 'GOOD-1' appears more than once."));
});
