// The shop (spec 2 §7 "Shop"; spec 3 "Orders and codes"): products, enabled countries, promotion codes, the cart and
// checkout, orders and the dog products panel. Provider staff run the back office; buyers reach their own carts and
// orders through the `signedIn` calls, and the service decides.
import { endpointGroup } from '../endpoint.ts';
import { uploads } from '../uploads.ts';

const shop = endpointGroup(['shop'], () => import('../schemas.ts'));
const staff = 'providerStaff' as const;

export const productEndpoints = {
  list: shop.get('/products', 'listProducts', 'signedIn', (s) => ({ response: s.z.array(s.productView) })),
  adminList: shop.get('/products/getallforadmin', 'listProductsForAdmin', staff, (s) => ({
    query: s.productsAdminQuery,
    response: s.pagedResponse(s.productView),
  })),
  create: shop.post('/products', 'createProduct', staff, (s) => ({ body: s.product, response: s.productView })),
  update: shop.put('/products/:id', 'updateProduct', staff, (s) => ({
    params: s.idParam,
    body: s.product,
    response: s.productView,
  })),
  delete: shop.delete('/products/:id', 'deleteProduct', staff, (s) => ({ params: s.idParam, response: s.okMessage })),
  deactivate: shop.put('/products/deactivate/:id', 'deactivateProduct', staff, (s) => ({
    params: s.idParam,
    response: s.productView,
  })),
  reactivate: shop.put('/products/reactivate/:id', 'reactivateProduct', staff, (s) => ({
    params: s.idParam,
    response: s.productView,
  })),
};

export const shopSettingsEndpoints = {
  enabledCountries: shop.get('/ecommercesettings/getenabledcountries', 'getEnabledCountries', 'signedIn', (s) => ({
    response: s.z.array(s.z.string()),
  })),
  settings: shop.get('/ecommercesettings/getsettings', 'getShopSettings', 'signedIn', (s) => ({
    response: s.shopSettingsView,
  })),
  saveEnabledCountries: shop.post('/ecommercesettings/saveenabledcountries', 'saveEnabledCountries', staff, (s) => ({
    body: s.enabledCountriesRequest,
    response: s.z.array(s.z.string()),
  })),
};

export const promotionCodeEndpoints = {
  list: shop.get('/ecommercepromotioncodes', 'listPromotionCodes', staff, (s) => ({
    query: s.promotionCodesQuery,
    response: s.pagedResponse(s.promotionCodeView),
  })),
  add: shop.post('/ecommercepromotioncodes/addcode', 'addPromotionCode', staff, (s) => ({
    body: s.addPromotionCodeRequest,
    response: s.promotionCodeView,
  })),
  import: shop.post(
    '/ecommercepromotioncodes/importcodes',
    'importPromotionCodes',
    staff,
    (s) => ({ query: s.importCodesQuery, response: s.importResult }),
    { upload: uploads.tableFile },
  ),
  assignToOrderItem: shop.put(
    '/ecommercepromotioncodes/assigncodetoorderitem',
    'assignCodeToOrderItem',
    staff,
    (s) => ({
      body: s.assignCodeRequest,
      response: s.orderItemView,
    }),
  ),
};

export const providerCodeEndpoints = {
  list: shop.get('/petownerassignedpromotioncodes', 'listProviderCodes', staff, (s) => ({
    query: s.providerCodesQuery,
    response: s.pagedResponse(s.providerCodeView),
  })),
  providers: shop.get('/petownerassignedpromotioncodes/providers', 'listCodeProviders', staff, (s) => ({
    response: s.z.array(s.providerView),
  })),
  add: shop.post('/petownerassignedpromotioncodes/addcode', 'addProviderCode', staff, (s) => ({
    body: s.addProviderCodeRequest,
    response: s.providerCodeView,
  })),
  import: shop.post(
    '/petownerassignedpromotioncodes/importcodes',
    'importProviderCodes',
    staff,
    (s) => ({ query: s.providerQuery, response: s.importResult }),
    { upload: uploads.tableFile },
  ),
};

export const cartEndpoints = {
  offers: shop.get('/shoppingcart/offers', 'shopOffers', 'signedIn', (s) => ({ response: s.shopOffers })),
  canPurchase: shop.get('/shoppingcart/canpurchase', 'canPurchase', 'signedIn', (s) => ({
    response: s.canPurchaseResponse,
  })),
  create: shop.post('/shoppingcart/createcart', 'createCart', 'signedIn', (s) => ({
    body: s.createCartRequest,
    response: s.cartView,
  })),
  get: shop.get('/shoppingcart/getcart', 'getCart', 'signedIn', (s) => ({ response: s.cartView.nullable() })),
  completePayment: shop.post('/shoppingcart/completepayment', 'completePayment', 'signedIn', (s) => ({
    body: s.completePaymentRequest,
    response: s.completePaymentResponse,
  })),
};

export const orderEndpoints = {
  mine: shop.get('/orders', 'myOrders', 'signedIn', (s) => ({
    query: s.myOrdersQuery,
    response: s.pagedResponse(s.orderView),
  })),
  all: shop.get('/orders/getall', 'allOrders', staff, (s) => ({
    query: s.ordersQuery,
    response: s.pagedResponse(s.orderView),
  })),
  get: shop.get('/orders/:id', 'getOrder', 'signedIn', (s) => ({ params: s.idParam, response: s.orderView })),
  cancel: shop.post('/orders/cancelorder', 'cancelOrder', staff, (s) => ({
    body: s.orderIdBody,
    response: s.orderView,
  })),
  refund: shop.post('/orders/refund', 'refundOrder', staff, (s) => ({ body: s.refundRequest, response: s.orderView })),
  void: shop.post('/orders/void', 'voidOrder', staff, (s) => ({ body: s.refundRequest, response: s.orderView })),
  fulfillmentStatus: shop.post('/orders/getfulfillmentstatus', 'orderFulfillmentStatus', 'signedIn', (s) => ({
    body: s.fulfillmentStatusRequest,
    response: s.z.array(s.fulfillmentStatusItem),
  })),
  // The caller's dogs a product may be ordered for (spec 3 §7), the same list as the offers call's dogs.
  petsEligibleForOrder: shop.get('/petorderitem/getpetseligiblefororder', 'petsEligibleForOrder', 'signedIn', (s) => ({
    response: s.shopOffers.shape.dogs,
  })),
  petOrderItems: shop.get('/petorderitem/:petId', 'petOrderItems', 'signedIn', (s) => ({
    params: s.petIdParam,
    response: s.z.array(s.petOrderItemView),
  })),
};
