// « Aucun produit de cette taille. Tailles disponibles : Riz parfumé : 5 kg, 25 kg » — above the
// products of the kind searched for, when no product has the size asked (issue 28, item 2).
import { Ruler } from 'lucide-react';
import { fr } from '#contract/messages';
import type { Product } from '#contract/products';
import { sizesAvailable } from './sizes-available';

export function SizesAvailableNote({ products }: { products: readonly Product[] }) {
  const kinds = sizesAvailable(products);
  if (kinds.length === 0) return null;
  return (
    <div className="flex items-start gap-2 rounded-xl bg-amber-50 px-3 py-2 text-sm text-amber-900 ring-1 ring-amber-200" role="status" data-testid="sizes-available">
      <Ruler size={16} className="mt-0.5 shrink-0" aria-hidden="true" />
      <div>
        <p>{fr.catalogueUi.sizeNotFound}</p>
        <ul>
          {kinds.map(({ kind, sizes }) => (
            <li key={kind}>
              <span className="font-medium">{kind}</span> : {sizes.join(', ')}
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
