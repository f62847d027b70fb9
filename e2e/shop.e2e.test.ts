// The shop in Chromium: a resident pre-registers with a dog at a property with the Ancestry feature, lands in the shop,
// buys the ancestry kit with a card on the summary page and sees the confirmation with the order; the confirmation mail
// reaches the SMTP receiver; staff see the order on the orders list. The lab selects the genotype, activates, picks,
// plates and ships an owner's ancestry kit, and the owner's My orders shows ShippedToAncestry. Staff manage the product
// table, and a promotion code file with bad rows shows the row errors.
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
}, 240_000);

test('the lab picks, plates and ships an ancestry kit and the owner sees the order ShippedToAncestry', async () => {
  // Arranged through the API: the demo owner buys the kit for Biscuit, whose sample has an approved DNA profile.
  const owner = await world.api('pet.owner');
  const offers = await owner('GET', '/shoppingcart/offers');
  const kit = offers.products.find((p: { sku: string }) => p.sku === 'ANC-DOG-KIT');
  const biscuit = offers.dogs.find((d: { name: string }) => d.name === 'Biscuit');
  const cart = await owner('POST', '/shoppingcart/createcart', {
    items: [{ productId: kit.id, petId: biscuit.petId, preRegDogId: null }],
  });
  const paid = await owner('POST', '/shoppingcart/completepayment', {
    billingAddress: { addressLine1: '1 Oak Ridge Way', countryId: 'US' },
    cardData: {
      firstName: 'Jordan',
      lastName: 'Blake',
      cardNumber: '42424242',
      cardType: 'Visa',
      cardToken: 'mc.visa.209912.e2etoken0000000001',
    },
    total: cart.grandTotal,
  });
  const orderId: number = paid.orderId;

  const { page } = await world.newPage();
  await world.signIn(page, 'lab.admin');
  await page.goto('/lab-tools/ancestry-fulfillment?sampleNumber=DN1000001');
  await visible(page.getByRole('heading', { name: 'Ancestry fulfillment' }), 60_000);
  const row = page.getByRole('row', { name: /DN1000001/ });
  await visible(row.getByText('Pending'), 60_000);

  // The row opens on its DNA profile; choosing the genotype makes the item Ready.
  await row.getByRole('button', { name: /expand row/i }).click();
  await page.getByRole('radio').first().check();
  await visible(row.getByText('Ready'), 30_000);

  await row.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Check activation' }).click();
  await visible(page.getByText('1 item(s) activated.'), 30_000);
  await visible(row.getByText('Activated'), 30_000);
  await page.getByRole('button', { name: 'Mark picked' }).click();
  await visible(row.getByText('Picked'), 30_000);

  await row.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Generate plate' }).click();
  const plateDialog = page.getByRole('dialog', { name: 'Generate plate' });
  await plateDialog.getByLabel('Plate number').fill('ANC-E2E-1');
  await plateDialog.getByLabel('Rows').fill('8');
  await plateDialog.getByLabel('Columns').fill('12');
  await plateDialog.getByRole('button', { name: 'Save' }).click();
  await gone(plateDialog);
  await visible(page.getByText('Plate ANC-E2E-1 generated'), 30_000);
  await visible(row.getByText('Plated'), 30_000);
  await visible(row.getByRole('cell', { name: 'A1', exact: true }));

  await row.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Generate manifest' }).click();
  const manifest = page.getByRole('dialog', { name: 'Generate manifest' });
  await manifest.getByLabel('Tracking number').fill('1Z999AA10123456784');
  await manifest.getByRole('button', { name: 'Save' }).click();
  await visible(page.getByText('1 item(s) shipped.'), 30_000);
  await visible(row.getByText('Shipped'), 30_000);

  // The owner's own orders: the order is ShippedToAncestry and its line reads Shipped.
  const { page: ownerPage } = await world.newPage();
  await world.signIn(ownerPage, 'pet.owner');
  await ownerPage.getByRole('link', { name: 'My orders' }).first().click();
  await ownerPage.waitForURL((url) => url.pathname === '/shop/orders');
  const orderRow = ownerPage.getByRole('row', { name: new RegExp(`^\\D*${orderId}\\b`) });
  await visible(orderRow.getByText('ShippedToAncestry'), 60_000);
  await orderRow.getByRole('link', { name: String(orderId) }).click();
  await ownerPage.waitForURL((url) => url.pathname === `/shop/orders/${orderId}`);
  await visible(ownerPage.getByRole('heading', { name: `Order ${orderId}` }), 30_000);
  await visible(ownerPage.getByRole('cell', { name: 'Biscuit' }));
  await visible(ownerPage.getByRole('cell', { name: 'Shipped', exact: true }));
  expect(await ownerPage.getByTestId('order-total').textContent()).toMatch(/^\$\d+\.\d{2}$/);
}, 240_000);

test('staff add, deactivate and reactivate a product in the product table', async () => {
  const { page } = await world.newPage();
  await world.signIn(page, 'office.admin');
  await page.goto('/ecommerce/products');
  await visible(page.getByRole('cell', { name: 'ANC-DOG-KIT' }), 60_000);
  // The page's button (an empty table's own is named "Add the first product").
  await page.getByRole('button', { name: 'New product' }).first().click();
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
