// Asked before a view goes into the cart when it leaves items of the list out: names each one and
// why, says where they go (a new list at booking, when the cart comes from a saved list), and
// offers to choose another store for them instead.
import { fr } from '#contract/messages';
import type { OptimizedItem } from '#contract/optimiser';
import { Button } from '../../ui/Button';
import { Modal } from '../../ui/Modal';

type LeftOutDialogProps = {
  items: OptimizedItem[];
  maxStores: number;
  /** The saved list the cart comes from: the server keeps the left-out items on a new list at booking. */
  listName: string | null;
  onConfirm: () => void;
  /** Absent when no left-out item is sold anywhere (nothing to choose). */
  onChooseStore?: () => void;
  onCancel: () => void;
};

export function leftOutItems(items: readonly OptimizedItem[]): OptimizedItem[] {
  return items.filter((item) => item.status !== 'priced');
}

function reason(item: OptimizedItem, maxStores: number): string {
  if (item.status === 'unavailable_at_nearest') return fr.optimiserView.leftOutReason.unavailable_at_nearest(item.nearest_store_name ?? '');
  if (item.status === 'not_obtainable') return fr.optimiserView.leftOutReason.not_obtainable(maxStores);
  return fr.optimiserView.leftOutReason.unpriced;
}

export function LeftOutDialog({ items, maxStores, listName, onConfirm, onChooseStore, onCancel }: LeftOutDialogProps) {
  return (
    <Modal
      open
      title={fr.optimiserView.leftOutTitle}
      onClose={onCancel}
      size="sm"
      footer={
        <>
          <Button variant="outline" onClick={onChooseStore ?? onCancel}>
            {onChooseStore ? fr.optimiserView.leftOutChooseStore : fr.common.cancel}
          </Button>
          <Button onClick={onConfirm}>{fr.optimiserView.leftOutConfirm}</Button>
        </>
      }
    >
      <div className="space-y-3 text-sm text-slate-700">
        <p>{fr.optimiserView.leftOutIntro(items.length)}</p>
        <ul className="list-disc space-y-1 pl-5" data-testid="left-out-items">
          {items.map((item) => (
            <li key={item.original_index} className="[overflow-wrap:anywhere]">
              <span className="font-semibold text-slate-900">{item.product_name}</span> — {reason(item, maxStores)}
            </li>
          ))}
        </ul>
        <p className="[overflow-wrap:anywhere]">
          {listName !== null ? fr.optimiserView.leftOutKeptOnList(items.length, fr.optimiserView.remainingListName(listName)) : fr.optimiserView.leftOutNotKept(items.length)}
        </p>
      </div>
    </Modal>
  );
}
