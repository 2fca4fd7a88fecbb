// A shelf label's photo read by the server (POST /api/prices/price-tags), and the catalogue product
// it names, loaded as the contribution's product step shows it.
import type { QueryClient } from '@tanstack/react-query';
import type { PriceTagResult } from '#contract/price-tags';
import type { ProductDetail } from '#contract/products';
import { api } from '../../../lib/api';
import type { PickedProduct } from '../ProductStep';
import { postFile } from '../receipts/post-file';

export const readPriceTag = async (file: File) => (await postFile<PriceTagResult>('/prices/price-tags', file, file.name || 'etiquette.jpg')).body;

/** The product in the cache key the contribute page's own product lookups use. */
export const pickedProduct = (queryClient: QueryClient, id: string): Promise<PickedProduct> =>
  queryClient.fetchQuery({ queryKey: ['products', 'detail', id], queryFn: () => api.get<ProductDetail>(`/products/${id}`) });
