// Step 1's word on the last barcode scanned: being looked up, unknown (search by name, then attach
// the code to the product chosen), or a failed lookup.
import { Link2, Search, X } from 'lucide-react';
import { fr } from '#contract/messages';
import { Button } from '../../ui/Button';
import { Spinner } from '../../ui/Spinner';
import type { PickedProduct } from './ProductStep';
import type { ScanState } from './use-scanned-product';

type ScanStatusProps = {
  scan: ScanState;
  product: PickedProduct | null;
  attaching: boolean;
  onSearchByName: () => void;
  onAttach: (product: PickedProduct, code: string) => void;
  onDismiss: () => void;
};

export function ScanStatus({ scan, product, attaching, onSearchByName, onAttach, onDismiss }: ScanStatusProps) {
  if (!scan) return null;
  if (scan.status === 'looking') {
    return (
      <p className="flex items-center gap-2 text-sm text-slate-600" role="status">
        <Spinner size={16} className="text-brand-700" />
        {fr.scannerUi.lookingUp(scan.code)}
      </p>
    );
  }
  if (scan.status === 'error') {
    return (
      <p className="rounded-xl bg-rose-50 p-3 text-sm text-rose-800" role="alert">
        {scan.message}
      </p>
    );
  }
  // Unknown code: a product picked by name without a barcode of its own may receive this one.
  const canAttach = product && !product.barcode;
  return (
    <div className="space-y-2 rounded-xl border border-amber-200 bg-amber-50 p-3" role="alert">
      <div className="flex items-start gap-2">
        <p className="min-w-0 flex-1 text-sm text-amber-900">{fr.scannerUi.productUnknown(scan.code)}</p>
        <button type="button" onClick={onDismiss} className="-m-1 rounded-lg p-1 text-amber-800 hover:bg-amber-100" aria-label={fr.common.close}>
          <X size={16} aria-hidden="true" />
        </button>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" size="sm" icon={<Search size={16} />} onClick={onSearchByName}>
          {fr.scannerUi.searchByName}
        </Button>
        {canAttach && (
          <Button size="sm" icon={<Link2 size={16} className="shrink-0" />} busy={attaching} busyLabel={fr.scannerUi.attaching} onClick={() => onAttach(product, scan.code)} className="h-auto min-h-9 py-1.5 text-left">
            {fr.scannerUi.attachBarcode(scan.code, product.name)}
          </Button>
        )}
      </div>
    </div>
  );
}
