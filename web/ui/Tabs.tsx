// Accessible tabs (WAI-ARIA tablist): arrow keys move between tabs.
import { useId, type KeyboardEvent, type ReactNode } from 'react';

export type TabItem<K extends string> = { key: K; label: string; icon?: ReactNode };

type TabsProps<K extends string> = { items: TabItem<K>[]; active: K; onChange: (key: K) => void; label: string; children: ReactNode };

export function Tabs<K extends string>({ items, active, onChange, label, children }: TabsProps<K>) {
  const base = useId();
  const onKeyDown = (event: KeyboardEvent) => {
    const index = items.findIndex((i) => i.key === active);
    const delta = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!delta) return;
    const next = items[(index + delta + items.length) % items.length];
    onChange(next.key);
    document.getElementById(`${base}-tab-${next.key}`)?.focus();
  };
  return (
    <div>
      <div role="tablist" aria-label={label} className="grid grid-cols-2 gap-1 rounded-xl bg-slate-100 p-1 sm:flex" onKeyDown={onKeyDown}>
        {items.map((item) => {
          const selected = item.key === active;
          return (
            <button
              key={item.key}
              id={`${base}-tab-${item.key}`}
              role="tab"
              type="button"
              aria-selected={selected}
              aria-controls={`${base}-panel`}
              tabIndex={selected ? 0 : -1}
              onClick={() => onChange(item.key)}
              className={`flex items-center justify-center gap-2 rounded-lg px-3 py-2 text-sm font-medium transition-colors sm:flex-1 ${
                selected ? 'bg-white text-brand-800 shadow-sm' : 'text-slate-600 hover:text-slate-900'
              }`}
            >
              {item.icon}
              {item.label}
            </button>
          );
        })}
      </div>
      <div id={`${base}-panel`} role="tabpanel" aria-labelledby={`${base}-tab-${active}`} className="mt-4">
        {children}
      </div>
    </div>
  );
}
