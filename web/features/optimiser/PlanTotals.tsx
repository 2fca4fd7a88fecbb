import { formatXaf } from '#contract/format';
import { fr } from '#contract/messages';
import { OPTIMISER } from '#contract/constants';
import { Money } from '../../ui/Money';

/** Items, delivery fee and total at the foot of a plan column. The fee comes from the API as is. */
export function PlanTotals({ itemsCost, deliveryFee, storeCount, total, totalTestId }: { itemsCost: number; deliveryFee: number; storeCount: number; total: number; totalTestId?: string }) {
  const free = storeCount > 0 && deliveryFee === 0 && itemsCost >= OPTIMISER.freeDeliveryThresholdXaf;
  const missing = OPTIMISER.freeDeliveryThresholdXaf - itemsCost;
  // Only worth saying when the missing amount is less than the fee it would save.
  const nearlyFree = deliveryFee > 0 && missing > 0 && missing <= deliveryFee;
  return (
    <>
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
        <dd data-testid={totalTestId ? `${totalTestId}-delivery` : undefined}>{free ? <span className="font-medium text-emerald-700">{fr.optimiserUi.freeDelivery}</span> : <Money amount={deliveryFee} />}</dd>
      </div>
      <div className="flex justify-between text-base font-bold text-slate-900">
        <dt>{fr.optimiserUi.total}</dt>
        <dd data-testid={totalTestId}>
          <Money amount={total} />
        </dd>
      </div>
    </dl>
    {nearlyFree && <p className="mt-1 text-xs text-emerald-700">{fr.optimiserUi.toFreeDelivery(formatXaf(missing))}</p>}
    </>
  );
}
