// Shop shapes (spec 2 §3 "Product", "Promotion code", "Enabled countries", "Order", "Payment request", "Cart create
// request"; spec 3 "Orders and promotion codes"). Money travels as integer cents (`…Cents`); the server computes every
// total, tax and shipping fee.
import { z } from 'zod';
import { address } from './addresses.ts';
import {
  id,
  INT_MAX,
  pagingQuery,
  queryBoolean,
  queryEnum,
  requiredText,
  textField,
  usDate,
  integer,
} from './common.ts';
import { AncestryFulfillmentStatus, OrderStatus, PaymentStatus } from './enums.ts';
import { PromotionCodeKind } from './petowners.ts';

export const ANCESTRY_SKU_PREFIX = 'ANC';
export const isAncestrySku = (sku: string) => sku.toUpperCase().startsWith(ANCESTRY_SKU_PREFIX);
/** The largest price a product takes: $100,000.00. */
export const PRICE_CENTS_MAX = 10_000_000;
export const PRODUCT_SKU_MAX = 32;
export const PRODUCT_NAME_MAX = 200;
export const PROMOTION_CODE_MAX = 64;
export const PROMOTION_IMPORT_ERROR_CAP = 10;
export const ORDER_CACHE_KEY = 'ordersCache';
export const ORDER_CACHE_LIFETIME_MS = 3_600_000;
export const TOKENIZATION_TIMEOUT_MS = 10_000;
export const BACK_OFFICE_ORDERS_PAGE_SIZE = 100;
export const CUSTOMER_ORDERS_PAGE_SIZE = 20;

export const ShopMessages = {
  codeRequired: 'Code is required',
  /** The product codes' import (/ecommerce/promotion-codes, spec 2 §5). */
  invalidImportFile: 'Invalid File Type, Please select a .csv, .xls, or .xlsx file.',
  /** The pet-owner-assigned codes' import (/tools/pet-owner-assigned-promotion-codes, spec 3 §5). */
  invalidProviderImportFile: 'Invalid File Type: Please select a .csv, .xls, or .xlsx file',
  importConfirm: 'Are you sure you want to import this file?',
  importFailed: 'Import Failed',
  importFallback: 'An error occurred during import.',
  importSuccessful: 'Import Successful',
  importSuccess: (n: number) => `Successfully imported ${n} codes.`,
  moreErrors: (k: number) => `... and ${k} more errors.`,
  addCodeFailed: 'Failed to add code',
  loadProductsFailed: 'Failed to load products. Please try again.',
  loadCodesFailed: 'An error occurred while loading the codes.',
  loadProvidersFailed: 'Failed to load providers. Please try again.',
  countrySaveFailed: 'Error saving country settings. Please try again.',
  productDeleteFailed: 'Failed to delete product.',
  productStatusFailed: 'Failed to update product status.',
  notInRegion: 'Products are not available for purchase in your region.',
  cartFailed: 'Unable to create cart. Please try again.',
  tokenizationTimeout: 'Tokenization request timed out, please try again.',
  invalidCard: (fields: string) => `Invalid ${fields} entered. Please try again.`,
  cardDeclined: 'The card was declined. Please use another card.',
  totalChanged: 'The order total has changed. Please review your cart and try again.',
  cartEmpty: 'Your cart is empty.',
  cartAlreadyPaid: 'This cart has already been paid.',
  productNotFound: 'Product not found.',
  orderNotFound: 'Order not found.',
  codeNotFound: 'Promotion code not found.',
  duplicateCode: 'This code already exists.',
  duplicateSku: 'A product with this SKU already exists.',
  productInUse: 'This product has been ordered and cannot be deleted; deactivate it instead.',
  cannotCancel: 'Only Pending or Processing orders can be cancelled.',
  cannotRefund: 'Only paid orders can be refunded or voided.',
  noCodeAvailable: 'No unassigned promotion code is left for this product.',
  codeAlreadyAssigned: 'This code is already assigned.',
  codeWrongProduct: 'This code belongs to another product.',
  saved: 'Saved Successfully.',
  productSaved: 'Product saved.',
  productDeleted: 'Product deleted.',
  productDeactivated: 'Product deactivated.',
  productReactivated: 'Product reactivated.',
  orderCancelled: 'Order cancelled.',
  orderRefunded: 'Order refunded.',
  orderVoided: 'Order voided.',
  codeAssigned: 'New code assigned',
  codeAdded: 'Code added.',
  dogNotEligible: 'This dog cannot be ordered for.',
  productInactive: 'This product is not available.',
} as const;

const cents = z.number().int().min(0).max(PRICE_CENTS_MAX);
const tag = textField(50).trim().min(1);

export const product = z.object({
  id: z.number().int().min(0).max(INT_MAX),
  sku: requiredText(PRODUCT_SKU_MAX, 'SKU is required.'),
  name: requiredText(PRODUCT_NAME_MAX, 'Name is required.'),
  listPrice: cents.nullable().optional(),
  price: cents,
  taxable: z.boolean(),
  isActive: z.boolean(),
  tags: z.array(tag).max(20).default([]),
});
export type ProductInput = z.input<typeof product>;
export type ProductBody = z.infer<typeof product>;
export const productView = z.object({
  id: z.number(),
  sku: z.string(),
  name: z.string(),
  listPrice: z.number().nullable(),
  price: z.number(),
  taxable: z.boolean(),
  isActive: z.boolean(),
  tags: z.array(z.string()),
  isAncestryProduct: z.boolean(),
});
export type ProductView = z.infer<typeof productView>;
export const newProduct = (): ProductView => ({
  id: 0,
  sku: '',
  name: '',
  listPrice: null,
  price: 0,
  taxable: false,
  isActive: true,
  tags: [],
  isAncestryProduct: false,
});
export const productsAdminQuery = pagingQuery.omit({ orderBy: true, ascending: true }).extend({
  pageSize: integer(1, 200).default(10),
});

export const countryCode = textField(2)
  .trim()
  .regex(/^[A-Za-z]{2}$/, 'A two-letter country code.')
  .transform((v) => v.toUpperCase());
export const enabledCountriesRequest = z.array(countryCode).max(300);
/** The shop's settings the screens read (spec 2 §7 getsettings, §9 currency USD and country US): tax rate in basis
 * points (825 = 8.25%), the shipping fee per order in cents, and the countries whose buyers may purchase. */
export const shopSettingsView = z.object({
  taxRateBasisPoints: z.number().int(),
  shippingFee: z.number().int(),
  currency: z.literal('USD'),
  country: z.literal('US'),
  enabledCountries: z.array(z.string()),
});
export const canPurchaseResponse = z.object({ canPurchase: z.boolean(), message: z.string().nullable() });

/** Promotion codes (spec 2 §2 /ecommerce/promotion-codes). */
export const promotionCodesQuery = pagingQuery.omit({ orderBy: true, ascending: true }).extend({
  productId: id,
  isReservedFilter: queryBoolean.optional(),
  hasBeenAssignedFilter: queryBoolean.optional(),
  searchFilter: textField(PROMOTION_CODE_MAX).trim().optional(),
});
export const promotionCodeView = z.object({
  id: z.number(),
  code: z.string(),
  productId: z.number(),
  isReserved: z.boolean(),
  orderId: z.number().nullable(),
  orderItemId: z.number().nullable(),
  dateCreated: z.string(),
});
export const promotionCode = requiredText(PROMOTION_CODE_MAX, ShopMessages.codeRequired);
export const addPromotionCodeRequest = z.object({ code: promotionCode, productId: id });
export const importResult = z.object({
  success: z.boolean(),
  totalImported: z.number(),
  message: z.string(),
  errors: z.array(z.object({ row: z.number(), error: z.string() })),
});
export type ImportResult = z.infer<typeof importResult>;
export const importCodesQuery = z.object({ productId: id });
export const assignCodeRequest = z.object({
  orderId: id,
  orderItemId: id,
  code: textField(PROMOTION_CODE_MAX).trim().optional().nullable(),
});

/** Pet-owner assigned promotion codes, per provider (spec 3 /tools/pet-owner-assigned-promotion-codes). */
export const providerCodesQuery = pagingQuery.omit({ orderBy: true, ascending: true }).extend({
  provider: queryEnum(PromotionCodeKind),
  hasBeenAssignedFilter: queryBoolean.optional(),
  searchFilter: textField(PROMOTION_CODE_MAX).trim().optional(),
});
export const providerCodeView = z.object({
  id: z.number(),
  code: z.string(),
  provider: z.number(),
  petOwnerId: z.number().nullable(),
  petOwnerName: z.string().nullable(),
  hasBeenAssigned: z.boolean(),
  dateAssigned: z.string().nullable(),
});
export const addProviderCodeRequest = z.object({ code: promotionCode, provider: queryEnum(PromotionCodeKind) });
export const providerQuery = z.object({ provider: queryEnum(PromotionCodeKind) });
export const providerView = z.object({ value: z.number(), name: z.string() });

/** Cart (spec 2 §3 "Cart create request"): items each with petId or preRegDogId, plus productId. */
export const cartItemRequest = z
  .object({ productId: id, petId: id.nullable().optional(), preRegDogId: id.nullable().optional() })
  .refine(
    (item) => (item.petId == null) !== (item.preRegDogId == null),
    'Each item needs a pet or a pre-registered dog.',
  );
export const createCartRequest = z.object({ items: z.array(cartItemRequest).min(1).max(50) });
const money = z.number().int();
export const cartItemView = z.object({
  id: z.number(),
  productId: z.number(),
  productName: z.string(),
  sku: z.string(),
  petId: z.number().nullable(),
  preRegDogId: z.number().nullable(),
  petName: z.string(),
  price: money,
  tax: money,
  isAncestryProduct: z.boolean(),
});
export const cartView = z.object({
  id: z.number(),
  items: z.array(cartItemView),
  total: money,
  tax: money,
  shippingFee: money,
  grandTotal: money,
  orderId: z.number().nullable(),
});
export type CartView = z.infer<typeof cartView>;

/** Payment request (spec 2 §3): the card's last 8 digits and the provider's token, never the full number. */
export const cardData = z.object({
  firstName: requiredText(100, 'First name is required.'),
  lastName: requiredText(100, 'Last name is required.'),
  cardNumber: textField(8).regex(/^\d{8}$/, 'The last 8 digits of the card.'),
  cardType: textField(32).trim().optional().nullable(),
  cardToken: textField(200)
    .trim()
    .regex(/^[A-Za-z0-9._-]+$/, 'Invalid card token.'),
});
export const completePaymentRequest = z.object({ billingAddress: address, cardData, total: money.min(0) });
export const completePaymentResponse = z.object({ orderId: z.number(), message: z.string() });

/** Orders (spec 2 §3 "Order"). */
export const OrderOrdering = { OrderDate: 1, CustomerName: 2, GrandTotal: 3 } as const;
export const orderItemView = z.object({
  id: z.number(),
  orderId: z.number(),
  productId: z.number(),
  productName: z.string(),
  productSku: z.string(),
  petId: z.number().nullable(),
  preRegDogId: z.number().nullable(),
  petName: z.string(),
  subTotal: money,
  tax: money,
  isAncestryProduct: z.boolean(),
  fulfillmentStatus: z.number().nullable(),
  code: z.string().nullable(),
});
export const orderView = z.object({
  id: z.number(),
  status: z.number(),
  paymentStatus: z.number(),
  orderDate: z.string(),
  customer: z.object({ id: z.number(), userName: z.string(), fullName: z.string() }),
  items: z.array(orderItemView),
  total: money,
  tax: money,
  shippingFee: money,
  grandTotal: money,
  petSummary: z.string(),
  cardLastDigits: z.string().nullable(),
  paymentMethod: z.string(),
});
export type OrderView = z.infer<typeof orderView>;
export const ordersQuery = pagingQuery.omit({ orderBy: true }).extend({
  pageSize: integer(1, 200).default(BACK_OFFICE_ORDERS_PAGE_SIZE),
  startDate: usDate.optional(),
  endDate: usDate.optional(),
  statusFilter: queryEnum(OrderStatus).optional(),
  searchTerm: textField(100).trim().optional(),
  petSummary: textField(100).trim().optional(),
  orderBy: queryEnum(OrderOrdering).optional(),
});
export type OrdersQuery = z.infer<typeof ordersQuery>;
export const myOrdersQuery = pagingQuery.omit({ orderBy: true, ascending: true }).extend({
  pageSize: integer(1, 200).default(CUSTOMER_ORDERS_PAGE_SIZE),
});
export const orderIdBody = z.object({ orderId: id });
export const refundRequest = z.object({ orderId: id, cancelFulfillment: z.boolean().default(false) });
export const fulfillmentStatusRequest = z.object({ orderIds: z.array(id).min(1).max(500) });
export const fulfillmentStatusItem = z.object({ orderItemId: z.number(), status: z.number() });

/** Dog products panel on the pet page (spec 3 "Dog products and order items"). */
export const petOrderItemView = z.object({
  id: z.number(),
  orderId: z.number(),
  productId: z.number(),
  productName: z.string(),
  productSku: z.string(),
  code: z.string().nullable(),
});

/** Shop offers (/shop/offers): each eligible dog with the products it may be bought for. */
export const eligibleDog = z.object({
  petId: z.number().nullable(),
  preRegDogId: z.number().nullable(),
  name: z.string(),
  orderedProductIds: z.array(z.number()),
});
export const shopOffers = z.object({ dogs: z.array(eligibleDog), products: z.array(productView) });

export const OrderStatusLabels: Record<number, string> = Object.fromEntries(
  Object.entries(OrderStatus).map(([name, value]) => [value, name]),
);
export const PaymentStatusLabels: Record<number, string> = Object.fromEntries(
  Object.entries(PaymentStatus).map(([name, value]) => [value, name]),
);
/** What the customer reads as their order's status: Refunded or Cancelled when it is, else the order's own status. */
export const customerOrderStatus = (order: { status: number; paymentStatus: number }) =>
  order.paymentStatus === PaymentStatus.Refunded
    ? 'Refunded'
    : order.status === OrderStatus.Cancelled
      ? 'Cancelled'
      : OrderStatusLabels[order.status];
export const FulfillmentStatusLabels: Record<number, string> = Object.fromEntries(
  Object.entries(AncestryFulfillmentStatus).map(([name, value]) => [value, name]),
);
