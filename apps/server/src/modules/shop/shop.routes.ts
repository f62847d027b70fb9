// The shop: HTTP only; the declarations are in packages/contracts/src/endpoints/shop.ts.
import type { FastifyInstance } from 'fastify';
import {
  cartEndpoints as cart,
  orderEndpoints as order,
  productEndpoints as product,
  promotionCodeEndpoints as codes,
  providerCodeEndpoints as providerCodes,
  shopSettingsEndpoints as settings,
} from '@registry/contracts';
import { route } from '../../platform/endpoint.ts';
import { signedIn } from '../../platform/http.ts';
import * as ownerCodes from '../petowners/provider-codes.service.ts';
import * as carts from './cart.service.ts';
import * as orders from './orders.service.ts';
import * as products from './products.service.ts';
import * as promo from './promotion-codes.service.ts';

export async function shopRoutes(app: FastifyInstance) {
  await route(app, product.list, async (r) => products.listProducts(signedIn(r)));
  await route(app, product.adminList, async (r) =>
    products.productsForAdmin(signedIn(r), r.query.page, r.query.pageSize),
  );
  await route(app, product.create, async (r) => products.saveProduct(signedIn(r), null, r.body));
  await route(app, product.update, async (r) => products.saveProduct(signedIn(r), r.params.id, r.body));
  await route(app, product.delete, async (r) => products.deleteProduct(signedIn(r), r.params.id));
  await route(app, product.deactivate, async (r) => products.setProductActive(signedIn(r), r.params.id, false));
  await route(app, product.reactivate, async (r) => products.setProductActive(signedIn(r), r.params.id, true));

  await route(app, settings.enabledCountries, async (r) => products.enabledCountries(signedIn(r)));
  await route(app, settings.settings, async (r) => products.shopSettings(signedIn(r)));
  await route(app, settings.saveEnabledCountries, async (r) => products.saveEnabledCountries(signedIn(r), r.body));

  await route(app, codes.list, async (r) => promo.listCodes(signedIn(r), r.query));
  await route(app, codes.add, async (r) => promo.addCode(signedIn(r), r.body.productId, r.body.code));
  await route(app, codes.import, async (r) =>
    promo.importCodes(signedIn(r), r.query.productId, (await r.upload()).files.file),
  );
  await route(app, codes.assignToOrderItem, async (r) =>
    orders.assignCodeToOrderItem(signedIn(r), r.body.orderId, r.body.orderItemId, r.body.code),
  );

  await route(app, providerCodes.list, async (r) => ownerCodes.listProviderCodes(signedIn(r), r.query));
  await route(app, providerCodes.providers, async () => promo.providers());
  await route(app, providerCodes.add, async (r) =>
    ownerCodes.addProviderCode(signedIn(r), r.body.provider, r.body.code),
  );
  await route(app, providerCodes.import, async (r) =>
    promo.importProviderCodes(signedIn(r), r.query.provider, (await r.upload()).files.file),
  );

  await route(app, cart.offers, async (r) => carts.shopOffers(signedIn(r)));
  await route(app, cart.canPurchase, async (r) => products.canPurchase(signedIn(r)));
  await route(app, cart.create, async (r) => carts.createCart(signedIn(r), r.body.items));
  await route(app, cart.get, async (r) => carts.getCart(signedIn(r)));
  await route(app, cart.completePayment, async (r) => carts.completePayment(signedIn(r), r.body));

  await route(app, order.mine, async (r) => orders.myOrders(signedIn(r), r.query.page, r.query.pageSize));
  await route(app, order.all, async (r) => orders.allOrders(signedIn(r), r.query));
  await route(app, order.get, async (r) => orders.getOrder(signedIn(r), r.params.id));
  await route(app, order.cancel, async (r) => orders.cancelOrder(signedIn(r), r.body.orderId));
  await route(app, order.refund, async (r) =>
    orders.reversePayment(signedIn(r), r.body.orderId, 'Refund', r.body.cancelFulfillment),
  );
  await route(app, order.void, async (r) =>
    orders.reversePayment(signedIn(r), r.body.orderId, 'Void', r.body.cancelFulfillment),
  );
  await route(app, order.fulfillmentStatus, async (r) => orders.fulfillmentStatus(signedIn(r), r.body.orderIds));
  await route(app, order.petsEligibleForOrder, async (r) => (await carts.shopOffers(signedIn(r))).dogs);
  await route(app, order.petOrderItems, async (r) => orders.petOrderItems(signedIn(r), r.params.petId));
}
