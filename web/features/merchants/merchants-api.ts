// Server state of the merchant space: the signed-in user's merchant account (null before any
// application), the application, a price list's upload, its column mapping and its publishing, and
// the store's prices as customers see them.
import type { Store } from '#contract/stores';
import { ApiError, api } from '../../lib/api';
import type { Merchant, MerchantApplication, MerchantPrices, PriceList, PriceListMapping, PriceListPublish, PriceListPublished } from '#contract/merchants';

export const merchantKeys = {
  me: ['merchants', 'me'] as const,
  prices: ['merchants', 'prices'] as const,
  /** The same key as the other screens that list every store. */
  stores: ['stores'] as const,
};

/** The user's merchant account, or null when they never applied (404 MERCHANT_NOT_FOUND). */
export const myMerchantQuery = {
  queryKey: merchantKeys.me,
  queryFn: async (): Promise<Merchant | null> => {
    try {
      return await api.get<Merchant>('/merchants/me');
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) return null;
      throw error;
    }
  },
};

export const storesQuery = { queryKey: merchantKeys.stores, queryFn: () => api.get<Store[]>('/stores') };

export const myPricesQuery = {
  queryKey: merchantKeys.prices,
  queryFn: async () => (await api.get<MerchantPrices>('/merchants/prices')).prices,
};

export const applyForMerchant = (body: MerchantApplication) => api.post<Merchant>('/merchants/application', body);

export function uploadPriceList(file: File) {
  const form = new FormData();
  form.append('file', file, file.name);
  return api.post<PriceList>('/merchants/price-lists', form);
}

export const remapPriceList = (id: string, mapping: PriceListMapping) => api.put<PriceList>(`/merchants/price-lists/${encodeURIComponent(id)}/mapping`, mapping);

export const publishPriceList = (id: string, body: PriceListPublish) => api.post<PriceListPublished>(`/merchants/price-lists/${encodeURIComponent(id)}/publish`, body);
