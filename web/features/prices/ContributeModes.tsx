// The three ways to give prices on /contribute, kept in the address (?mode=ticket, ?mode=etiquette)
// so that the dashboard can open the receipt scan directly and Back returns to the previous mode.
import { PenLine, ReceiptText, ScanText } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { fr } from '#contract/messages';

export const CONTRIBUTE_MODES = ['manual', 'ticket', 'etiquette'] as const;
export type ContributeMode = (typeof CONTRIBUTE_MODES)[number];

export const modeOf = (params: URLSearchParams): ContributeMode => {
  const mode = params.get('mode');
  return mode === 'ticket' || mode === 'etiquette' ? mode : 'manual';
};

/** The same page in another mode, keeping the rest of its query (a store, a position, a product). */
export function modeHref(params: URLSearchParams, mode: ContributeMode): string {
  const next = new URLSearchParams(params);
  if (mode === 'manual') next.delete('mode');
  else next.set('mode', mode);
  const query = next.toString();
  return query ? `?${query}` : '?';
}

const ICONS: Record<ContributeMode, ReactNode> = {
  manual: <PenLine size={20} aria-hidden="true" />,
  ticket: <ReceiptText size={20} aria-hidden="true" />,
  etiquette: <ScanText size={20} aria-hidden="true" />,
};

export function ContributeModes({ params }: { params: URLSearchParams }) {
  const t = fr.receiptsUi;
  const active = modeOf(params);
  const labels: Record<ContributeMode, string> = { manual: t.modeManual, ticket: t.modeTicket, etiquette: t.modeTag };
  return (
    <nav aria-label={t.modesLabel}>
      <ul className="grid grid-cols-3 gap-1 rounded-2xl bg-slate-100 p-1">
        {CONTRIBUTE_MODES.map((mode) => {
          const current = mode === active;
          return (
            <li key={mode} className="min-w-0">
              <Link
                to={modeHref(params, mode)}
                aria-current={current ? 'page' : undefined}
                className={`flex h-full flex-col items-center justify-center gap-1 rounded-xl px-1.5 py-2 text-center text-xs leading-tight font-semibold sm:flex-row sm:gap-2 sm:text-sm ${
                  current ? 'bg-white text-brand-800 shadow-sm' : 'text-slate-600 hover:text-slate-900'
                }`}
              >
                {ICONS[mode]}
                <span className="break-words">{labels[mode]}</span>
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
