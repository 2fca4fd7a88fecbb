// The wizard's five tabs as a numbered tablist: free navigation, arrow keys, and on a phone only the
// open tab's name is written out so that the five fit in 360 px.
import { useId, type KeyboardEvent, type ReactNode } from 'react';
import { fr } from '#contract/messages';
import type { AdTab } from './ad-form';

type AdWizardTabsProps = { tabs: readonly AdTab[]; active: AdTab; onChange: (tab: AdTab) => void; invalid: AdTab[]; children: ReactNode };

export function AdWizardTabs({ tabs, active, onChange, invalid, children }: AdWizardTabsProps) {
  const base = useId();
  const onKeyDown = (event: KeyboardEvent) => {
    const delta = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!delta) return;
    const next = tabs[(tabs.indexOf(active) + delta + tabs.length) % tabs.length];
    onChange(next);
    document.getElementById(`${base}-${next}`)?.focus();
  };
  return (
    <div>
      <div role="tablist" aria-label={fr.adsUi.tabsLabel} className="flex gap-1 rounded-xl bg-slate-100 p-1" onKeyDown={onKeyDown}>
        {tabs.map((tab, i) => {
          const selected = tab === active;
          const bad = invalid.includes(tab);
          return (
            <button
              key={tab}
              id={`${base}-${tab}`}
              role="tab"
              type="button"
              aria-selected={selected}
              aria-controls={`${base}-panel`}
              tabIndex={selected ? 0 : -1}
              onClick={() => onChange(tab)}
              className={`flex min-w-0 items-center justify-center gap-1.5 rounded-lg px-2.5 py-2 text-sm font-medium transition-colors ${selected ? 'flex-1 bg-white text-brand-800 shadow-sm' : 'flex-none text-slate-600 hover:text-slate-900 sm:flex-1'}`}
            >
              <span
                className={`flex size-5 shrink-0 items-center justify-center rounded-full text-xs font-bold ${bad ? 'bg-rose-600 text-white' : selected ? 'bg-brand-700 text-white' : 'bg-slate-300 text-slate-700'}`}
                aria-hidden="true"
              >
                {i + 1}
              </span>
              <span className={`truncate ${selected ? '' : 'sr-only sm:not-sr-only'}`}>{fr.adsUi.tabs[tab]}</span>
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
