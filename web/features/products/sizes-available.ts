// A search for a size no product has (« riz 10kg », issue 28 item 2) still shows the products of
// that kind; this says which sizes exist, by kind: « Riz parfumé : 5 kg, 25 kg ». The kind is the
// name before its size part (before the first comma or parenthesis), as catalogue names are written.
import { sizeLabel } from '#contract/product-size';
import type { Product } from '#contract/products';

export type SizesOfKind = { kind: string; sizes: string[] };

const kindOf = (name: string) => name.split(/[,(]/)[0].trim();

/** The sizes of `products`, grouped by kind, smallest first; kinds without a known size are left out. */
export function sizesAvailable(products: readonly Pick<Product, 'name' | 'size' | 'pack_count'>[]): SizesOfKind[] {
  const kinds = new Map<string, Map<string, number>>();
  for (const product of products) {
    const label = sizeLabel(product.size, product.pack_count);
    if (!label || !product.size) continue;
    const kind = kindOf(product.name);
    const sizes = kinds.get(kind) ?? new Map<string, number>();
    sizes.set(label, product.size.value * Math.max(1, product.pack_count ?? 1));
    kinds.set(kind, sizes);
  }
  return [...kinds].map(([kind, sizes]) => ({ kind, sizes: [...sizes].sort((a, b) => a[1] - b[1]).map(([label]) => label) }));
}
