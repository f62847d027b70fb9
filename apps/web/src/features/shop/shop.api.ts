// The shop's query keys, queries and mutations over callApi: products, countries, codes, cart and checkout, orders.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  cartEndpoints,
  orderEndpoints,
  productEndpoints,
  promotionCodeEndpoints,
  providerCodeEndpoints,
  shopSettingsEndpoints,
  type EndpointInput,
  type EndpointResponse,
} from '@registry/contracts';
import { callApi, postFile } from '../../lib/client';
import { cachedOrderList, saveOrderList } from '../../lib/orderCache';
import type {
  myOrdersSearch,
  ordersSearch,
  productsSearch,
  promotionCodesSearch,
  providerCodesSearch,
} from './shop.search';

export type ProductRow = EndpointResponse<typeof productEndpoints.create>;
export type ProductBody = EndpointInput<typeof productEndpoints.create>['body'];
export type CodeRow = EndpointResponse<typeof promotionCodeEndpoints.list>['data'][number];
export type ProviderCodeRow = EndpointResponse<typeof providerCodeEndpoints.list>['data'][number];
export type ImportAnswer = EndpointResponse<typeof promotionCodeEndpoints.import>;
export type OrderRow = EndpointResponse<typeof orderEndpoints.get>;
export type CartAnswer = EndpointResponse<typeof cartEndpoints.create>;
export type PaymentBody = EndpointInput<typeof cartEndpoints.completePayment>['body'];

export const shopKeys = {
  all: ['shop'] as const,
  products: () => [...shopKeys.all, 'products'] as const,
  productPage: (p: z.infer<typeof productsSearch>) => [...shopKeys.products(), 'admin', p] as const,
  activeProducts: () => [...shopKeys.products(), 'active'] as const,
  countries: () => [...shopKeys.all, 'countries'] as const,
  settings: () => [...shopKeys.countries(), 'settings'] as const,
  codes: () => [...shopKeys.all, 'codes'] as const,
  codePage: (p: z.infer<typeof promotionCodesSearch>) => [...shopKeys.codes(), p] as const,
  providerCodes: () => [...shopKeys.all, 'providercodes'] as const,
  providerCodePage: (p: z.infer<typeof providerCodesSearch>) => [...shopKeys.providerCodes(), p] as const,
  providers: () => [...shopKeys.all, 'providers'] as const,
  offers: () => [...shopKeys.all, 'offers'] as const,
  cart: () => [...shopKeys.all, 'cart'] as const,
  canPurchase: () => [...shopKeys.all, 'canpurchase'] as const,
  orders: () => [...shopKeys.all, 'orders'] as const,
  orderPage: (p: z.infer<typeof ordersSearch>) => [...shopKeys.orders(), 'all', p] as const,
  myOrders: (p: z.infer<typeof myOrdersSearch>) => [...shopKeys.orders(), 'mine', p] as const,
  order: (id: number) => [...shopKeys.orders(), 'detail', id] as const,
  petItems: (petId: number) => [...shopKeys.orders(), 'pet', petId] as const,
};

export const fetchProducts = (p: z.infer<typeof productsSearch>) =>
  callApi(productEndpoints.adminList, { query: { page: p.page, pageSize: p.pageSize } });
export const activeProductsQuery = () =>
  queryOptions({ queryKey: shopKeys.activeProducts(), queryFn: () => callApi(productEndpoints.list) });
export const shopSettingsQuery = () =>
  queryOptions({ queryKey: shopKeys.settings(), queryFn: () => callApi(shopSettingsEndpoints.settings) });
export const fetchCodes = (p: z.infer<typeof promotionCodesSearch>) =>
  callApi(promotionCodeEndpoints.list, {
    query: {
      productId: p.productId!,
      page: p.page,
      pageSize: p.count,
      isReservedFilter: p.isReserved,
      hasBeenAssignedFilter: p.hasBeenAssigned,
      searchFilter: p.searchFilter,
    },
  });
export const fetchProviderCodes = (p: z.infer<typeof providerCodesSearch>) =>
  callApi(providerCodeEndpoints.list, {
    query: {
      provider: p.provider ?? 0,
      page: p.page,
      pageSize: p.count,
      hasBeenAssignedFilter: p.hasBeenAssigned,
      searchFilter: p.searchFilter,
    },
  });
export const providersQuery = () =>
  queryOptions({ queryKey: shopKeys.providers(), queryFn: () => callApi(providerCodeEndpoints.providers) });
export const offersQuery = () =>
  queryOptions({ queryKey: shopKeys.offers(), queryFn: () => callApi(cartEndpoints.offers) });
export const cartQuery = () => queryOptions({ queryKey: shopKeys.cart(), queryFn: () => callApi(cartEndpoints.get) });
export const canPurchaseQuery = () =>
  queryOptions({ queryKey: shopKeys.canPurchase(), queryFn: () => callApi(cartEndpoints.canPurchase) });
export const orderQuery = (id: number) =>
  queryOptions({ queryKey: shopKeys.order(id), queryFn: () => callApi(orderEndpoints.get, { params: { id } }) });
export const petOrderItemsQuery = (petId: number) =>
  queryOptions({
    queryKey: shopKeys.petItems(petId),
    queryFn: () => callApi(orderEndpoints.petOrderItems, { params: { petId } }),
  });
export const fetchOrders = (p: z.infer<typeof ordersSearch>) =>
  callApi(orderEndpoints.all, {
    query: {
      page: p.page,
      pageSize: p.pageSize,
      ascending: p.ascending,
      orderBy: p.orderBy as 'OrderDate' | undefined,
      startDate: p.startDate,
      endDate: p.endDate,
      statusFilter: p.statusFilter,
      searchTerm: p.searchTerm,
      petSummary: p.petSummary,
    },
  });
/** The buyer's orders: a page read within the hour comes from the order cache (spec 2 §9 'ordersCache'). */
export async function fetchMyOrders(p: z.infer<typeof myOrdersSearch>) {
  const key = `mine:${p.page}:${p.pageSize}`;
  const cached = cachedOrderList<EndpointResponse<typeof orderEndpoints.mine>>(key);
  if (cached) return cached;
  const answer = await callApi(orderEndpoints.mine, { query: { page: p.page, pageSize: p.pageSize } });
  saveOrderList(key, answer);
  return answer;
}

function useShopMutation<I, O>(fn: (input: I) => Promise<O>, key: readonly unknown[] = shopKeys.all) {
  const client = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => client.invalidateQueries({ queryKey: key }) });
}

export const useSaveProduct = () =>
  useShopMutation((body: ProductBody) =>
    body.id
      ? callApi(productEndpoints.update, { params: { id: body.id }, body })
      : callApi(productEndpoints.create, { body }),
  );
export const useProductAction = () =>
  useShopMutation(({ id, action }: { id: number; action: 'delete' | 'deactivate' | 'reactivate' }) =>
    callApi(productEndpoints[action], { params: { id } }),
  );
export const useSaveCountries = () =>
  useShopMutation((body: string[]) => callApi(shopSettingsEndpoints.saveEnabledCountries, { body }));
export const useAddCode = () =>
  useShopMutation((body: { productId: number; code: string }) => callApi(promotionCodeEndpoints.add, { body }));
export const useAddProviderCode = () =>
  useShopMutation((body: { provider: number; code: string }) => callApi(providerCodeEndpoints.add, { body }));
export const useCreateCart = () =>
  useShopMutation((items: { productId: number; petId: number | null; preRegDogId: number | null }[]) =>
    callApi(cartEndpoints.create, { body: { items } }),
  );
export const useCompletePayment = () =>
  useShopMutation((body: PaymentBody) => callApi(cartEndpoints.completePayment, { body }));
export const useOrderAction = () =>
  useShopMutation(
    ({
      action,
      orderId,
      cancelFulfillment,
    }: {
      action: 'cancel' | 'refund' | 'void';
      orderId: number;
      cancelFulfillment?: boolean;
    }) =>
      action === 'cancel'
        ? callApi(orderEndpoints.cancel, { body: { orderId } })
        : callApi(orderEndpoints[action], { body: { orderId, cancelFulfillment: cancelFulfillment ?? false } }),
  );
export const useAssignCode = () =>
  useShopMutation((body: { orderId: number; orderItemId: number; code?: string | null }) =>
    callApi(promotionCodeEndpoints.assignToOrderItem, { body }),
  );

/** Uploads a code file (multipart) to the product's or the provider's import. */
export async function uploadCodes(
  target: { productId: number } | { provider: number },
  file: File,
): Promise<ImportAnswer> {
  const failed = 'An error occurred during import.';
  return 'productId' in target
    ? postFile(promotionCodeEndpoints.import, { query: { productId: target.productId } }, file, failed)
    : postFile(providerCodeEndpoints.import, { query: { provider: target.provider } }, file, failed);
}

export const money = (cents: number | null | undefined) => (cents == null ? '' : `$${(cents / 100).toFixed(2)}`);
