// Page buttons with a sliding window (the catalogue shows 5 page buttons), previous and next.
import { ChevronLeft, ChevronRight } from 'lucide-react';

type PaginationProps = {
  page: number;
  pages: number;
  window: number;
  onChange: (page: number) => void;
  label: string;
  pageLabel: (n: number) => string;
  previousLabel: string;
  nextLabel: string;
};

/** The page numbers shown: `size` consecutive pages around the current one, kept inside 1…pages. */
export function pageWindow(page: number, pages: number, size: number): number[] {
  const count = Math.min(size, pages);
  const start = Math.min(Math.max(1, page - Math.floor(size / 2)), Math.max(1, pages - count + 1));
  return Array.from({ length: count }, (_, i) => start + i);
}

const ITEM = 'inline-flex size-10 items-center justify-center rounded-xl text-sm font-semibold transition-colors disabled:opacity-40';

export function Pagination({ page, pages, window, onChange, label, pageLabel, previousLabel, nextLabel }: PaginationProps) {
  if (pages <= 1) return null;
  return (
    <nav aria-label={label} className="flex items-center justify-center gap-1.5">
      <button type="button" className={`${ITEM} text-slate-600 hover:bg-slate-100`} onClick={() => onChange(page - 1)} disabled={page <= 1} aria-label={previousLabel}>
        <ChevronLeft size={18} aria-hidden="true" />
      </button>
      {pageWindow(page, pages, window).map((n) => (
        <button
          key={n}
          type="button"
          onClick={() => onChange(n)}
          aria-label={pageLabel(n)}
          aria-current={n === page ? 'page' : undefined}
          className={`${ITEM} ${n === page ? 'bg-brand-700 text-white' : 'border border-slate-200 bg-white text-slate-700 hover:bg-slate-50'}`}
        >
          {n}
        </button>
      ))}
      <button type="button" className={`${ITEM} text-slate-600 hover:bg-slate-100`} onClick={() => onChange(page + 1)} disabled={page >= pages} aria-label={nextLabel}>
        <ChevronRight size={18} aria-hidden="true" />
      </button>
    </nav>
  );
}
