import { fr } from '#contract/messages';
import { Money } from '../../ui/Money';

/** Items, delivery fee and total at the foot of a plan column. */
export function PlanTotals({ itemsCost, deliveryFee, storeCount, total, totalTestId }: { itemsCost: number; deliveryFee: number; storeCount: number; total: number; totalTestId?: string }) {
  return (
    <dl className="space-y-1 text-sm">
      <div className="flex justify-between text-slate-600">
        <dt>{fr.optimiserUi.itemsCost}</dt>
        <dd>
          <Money amount={itemsCost} />
        </dd>
      </div>
      <div className="flex justify-between text-slate-600">
        <dt>
          {fr.optimiserUi.deliveryFee} ({fr.optimiserUi.stores(storeCount)})
        </dt>
        <dd>
          <Money amount={deliveryFee} />
        </dd>
      </div>
      <div className="flex justify-between text-base font-bold text-slate-900">
        <dt>{fr.optimiserUi.total}</dt>
        <dd data-testid={totalTestId}>
          <Money amount={total} />
        </dd>
      </div>
    </dl>
  );
}
