// The queues as tabs, one column each, each with how many items wait in it (WAI-ARIA tablist, arrow keys).
import { useId, type KeyboardEvent, type ReactNode } from 'react';

const COLUMNS: Record<number, string> = { 1: 'grid-cols-1', 2: 'grid-cols-2', 3: 'grid-cols-3', 4: 'grid-cols-2 sm:grid-cols-4', 5: 'grid-cols-3 sm:grid-cols-5', 6: 'grid-cols-3 sm:grid-cols-6', 7: 'grid-cols-3 lg:grid-cols-4' };
/** Seven queues in rows of three: the last one alone, in the middle. */
const LAST_CENTRED: Record<number, string> = { 7: 'max-lg:col-start-2' };

export type QueueTab<K extends string> = { key: K; label: string; count: number | null; icon: ReactNode };

type QueueTabsProps<K extends string> = { tabs: QueueTab<K>[]; active: K; onChange: (key: K) => void; label: string; children: ReactNode };

export function QueueTabs<K extends string>({ tabs, active, onChange, label, children }: QueueTabsProps<K>) {
  const base = useId();
  const onKeyDown = (event: KeyboardEvent) => {
    const delta = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!delta) return;
    const index = tabs.findIndex((t) => t.key === active);
    const next = tabs[(index + delta + tabs.length) % tabs.length];
    onChange(next.key);
    document.getElementById(`${base}-${next.key}`)?.focus();
  };
  return (
    <div>
      <div
        role="tablist"
        aria-label={label}
        // The queues do not fit side by side on a phone: rows of two or three there, one row from sm up
        // (seven: rows of three, of four from lg, so that no word of a label is cut).
        className={`grid gap-1 rounded-2xl bg-slate-100 p-1 ${COLUMNS[tabs.length] ?? COLUMNS[4]}`}
        onKeyDown={onKeyDown}
      >
        {tabs.map((tab, index) => {
          const selected = tab.key === active;
          const place = index === tabs.length - 1 ? (LAST_CENTRED[tabs.length] ?? '') : '';
          return (
            <button
              key={tab.key}
              id={`${base}-${tab.key}`}
              role="tab"
              type="button"
              aria-selected={selected}
              aria-controls={`${base}-panel`}
              tabIndex={selected ? 0 : -1}
              onClick={() => onChange(tab.key)}
              className={`flex min-w-0 flex-col items-center gap-0.5 rounded-xl px-1 py-2 text-center transition-colors sm:flex-row sm:justify-center sm:gap-2 sm:px-3 ${place} ${
                selected ? 'bg-white text-brand-800 shadow-sm' : 'text-slate-600 hover:text-slate-900'
              }`}
            >
              <span className="hidden sm:inline" aria-hidden="true">
                {tab.icon}
              </span>
              {/* Two lines at most, broken between words (« Libellés de tickets » in a third of a phone). */}
              <span className="line-clamp-2 w-full text-xs leading-tight font-medium sm:w-auto sm:text-sm" title={tab.label}>
                {tab.label}
              </span>
              <span
                className={`order-first min-w-7 rounded-full px-1.5 text-base font-bold tabular-nums sm:order-none sm:text-xs sm:leading-5 ${
                  tab.count ? (selected ? 'bg-brand-700 text-white' : 'bg-amber-100 text-amber-900') : 'bg-slate-200/80 text-slate-500'
                }`}
                data-testid={`queue-count-${tab.key}`}
              >
                {tab.count ?? '–'}
              </span>
            </button>
          );
        })}
      </div>
      <div id={`${base}-panel`} role="tabpanel" aria-labelledby={`${base}-${active}`} className="mt-4">
        {children}
      </div>
    </div>
  );
}
