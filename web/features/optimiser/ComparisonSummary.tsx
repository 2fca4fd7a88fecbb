// The headline of an optimisation: both totals, each with the number of items it buys (and, for
// the nearest store, how many it lacks), so that a total leaving items out never looks cheaper
// than it is; the savings are those on the items both plans buy (the API's total_savings).
import { Trophy } from 'lucide-react';
import type { ReactNode } from 'react';
import { formatXaf } from '#contract/format';
import { fr } from '#contract/messages';
import type { Optimization, ViewType } from '#contract/optimiser';

type Views = Record<ViewType, Optimization>;

const bought = (view: Optimization) => view.items.filter((i) => i.status === 'priced').length;
/** Items the plan leaves out although some store prices them (an unpriced item is missing from both). */
const missing = (view: Optimization) => view.items.filter((i) => i.status === 'unavailable_at_nearest' || i.status === 'not_obtainable');

export function ComparisonSummary({ views }: { views: Views }) {
  const best = views.best_prices;
  const nearest = views.nearest_store;
  const total = best.items.length;
  const common = best.items.filter((item, index) => item.status === 'priced' && nearest.items[index]?.status === 'priced').length;
  const missingAtNearest = missing(nearest);
  return (
    <section aria-label={fr.optimiserUi.comparison} className="grid grid-cols-2 gap-3 rounded-2xl bg-gradient-to-br from-brand-700 to-brand-600 p-4 text-white sm:grid-cols-4">
      <Figure label={fr.optimiserUi.bestPrices} value={formatXaf(best.total_cost)} testId="headline-best_prices">
        <Coverage bought={bought(best)} total={total} missing={missing(best).length} />
      </Figure>
      <Figure label={fr.optimiserUi.nearestStore} value={formatXaf(nearest.total_cost)} testId="headline-nearest_store">
        <Coverage bought={bought(nearest)} total={total} missing={missingAtNearest.length} />
      </Figure>
      <Figure label={fr.optimiserView.savingsOnCommon(common)} value={formatXaf(best.total_savings)} testId="total-savings" />
      <Figure label={fr.optimiserUi.score} value={fr.optimiserUi.scoreOf(best.optimization_score)} icon={<Trophy size={14} aria-hidden="true" />} />
      <p className="col-span-2 text-sm text-white/90 sm:col-span-4" data-testid="difference">
        {best.total_savings > 0 ? `${fr.optimiserUi.youSave(formatXaf(best.total_savings))}.` : `${fr.optimiserUi.noSavings}.`}
        {missingAtNearest.length > 0 && nearest.nearest_store && ` ${fr.optimiserView.missingAtNearest(nearest.nearest_store.store_name, missingAtNearest.map((i) => i.product_name))}`}
      </p>
    </section>
  );
}

/** "4 articles sur 5" and, when the plan lacks items others sell, a "1 manquant" badge. */
export function Coverage({ bought, total, missing, tone = 'light' }: { bought: number; total: number; missing: number; tone?: 'light' | 'dark' }) {
  return (
    <span className={`flex flex-wrap items-center gap-x-1.5 gap-y-0.5 text-xs ${tone === 'light' ? 'text-white/85' : 'text-slate-500'}`}>
      {fr.optimiserView.itemsBought(bought, total)}
      {missing > 0 && (
        <span className="rounded-full bg-amber-100 px-1.5 py-px font-semibold text-amber-900" data-testid="missing-badge">
          {fr.optimiserView.missingCount(missing)}
        </span>
      )}
    </span>
  );
}

function Figure({ label, value, icon, testId, children }: { label: string; value: string; icon?: ReactNode; testId?: string; children?: ReactNode }) {
  return (
    <div className="min-w-0" data-testid={testId}>
      <p className="flex items-center gap-1 text-xs tracking-wide text-white/75 uppercase">
        {icon}
        {label}
      </p>
      <p className="text-lg font-bold whitespace-nowrap tabular-nums sm:text-xl">{value}</p>
      {children}
    </div>
  );
}
