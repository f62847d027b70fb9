// Signed-in routes: The shop: offers, orders, products, promotion codes and the resident landing page.
// Each page is loaded on demand; its URL state is validated by the schema the page itself parses with (searchOf).
import { createRoute } from '@tanstack/react-router';
import { lazyPage } from '../lazyPage';
import { appRoute, text, type Search } from './base';
import { searchOf } from './searchOf';

const shopOffersRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/shop/offers',
  validateSearch: (s: Search): { propertyCode?: string; uid?: string } => ({
    propertyCode: text(s.propertyCode),
    uid: text(s.uid),
  }),
  component: lazyPage(() => import('../../features/shop/ShopOffersPage'), 'ShopOffersPage'),
});
const shopSummaryRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/shop/summary',
  validateSearch: (s: Search): { propertyCode?: string; orderId?: string } => ({
    propertyCode: text(s.propertyCode),
    orderId: text(s.orderId),
  }),
  component: lazyPage(() => import('../../features/shop/ShopSummaryPage'), 'ShopSummaryPage'),
});
const productsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/ecommerce/products',
  ...searchOf.products,
  component: lazyPage(() => import('../../features/shop/ProductsPage'), 'ProductsPage'),
});
const promotionCodesRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/ecommerce/promotion-codes',
  ...searchOf.promotionCodes,
  component: lazyPage(() => import('../../features/shop/PromotionCodesPage'), 'PromotionCodesPage'),
});
const shopSettingsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/ecommerce/settings',
  component: lazyPage(() => import('../../features/shop/ShopSettingsPage'), 'ShopSettingsPage'),
});
const ordersListRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/tools/orders-list',
  ...searchOf.ordersList,
  component: lazyPage(() => import('../../features/shop/OrdersListPage'), 'OrdersListPage'),
});
const myOrdersRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/shop/orders',
  ...searchOf.myOrders,
  component: lazyPage(() => import('../../features/shop/MyOrdersPage'), 'MyOrdersPage'),
});
const myOrderRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/shop/orders/$orderId',
  component: lazyPage(() => import('../../features/shop/MyOrderPage'), 'MyOrderPage'),
});
const providerCodesRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/tools/pet-owner-assigned-promotion-codes',
  ...searchOf.providerCodes,
  component: lazyPage(() => import('../../features/shop/ProviderCodesPage'), 'ProviderCodesPage'),
});
const residentLandingRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/reg/overview',
  component: lazyPage(() => import('../../features/prereg/ResidentLandingPage'), 'ResidentLandingPage'),
});

export const shopRoutes = [
  shopOffersRoute,
  shopSummaryRoute,
  productsRoute,
  promotionCodesRoute,
  shopSettingsRoute,
  ordersListRoute,
  myOrdersRoute,
  myOrderRoute,
  providerCodesRoute,
  residentLandingRoute,
] as const;
