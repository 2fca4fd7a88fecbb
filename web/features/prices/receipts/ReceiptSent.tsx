// After « Envoyer N prix »: how many prices were sent and how many wait for a moderator, with links
// to those products in the catalogue.
import { CheckCircle2, PackageSearch, ScanLine } from 'lucide-react';
import { Link } from 'react-router';
import { fr } from '#contract/messages';
import { Button, buttonClasses } from '../../../ui/Button';
import { Card } from '../../../ui/Card';
import type { SentReceipt } from './ReceiptReview';

export function ReceiptSent({ sent, onAnother }: { sent: SentReceipt; onAnother: () => void }) {
  const t = fr.receiptsUi;
  const { created, held } = sent.result;
  return (
    <Card className="space-y-4 p-4" role="status" data-testid="receipt-sent">
      <div className="flex items-start gap-3">
        <CheckCircle2 size={24} className="shrink-0 text-brand-700" aria-hidden="true" />
        <div className="min-w-0 space-y-1">
          <h2 className="font-semibold text-brand-900">{t.sentTitle}</h2>
          <p className="text-slate-800">{t.sent(created)}</p>
          {held > 0 && <p className="text-sm text-amber-900">{t.held(held)}</p>}
          {created > held && <p className="text-sm text-slate-600">{t.sentShown}</p>}
        </div>
      </div>
      <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200" aria-label={t.seeCatalogue}>
        {sent.products.map((p) => (
          <li key={p.id}>
            <Link to={`/products?q=${encodeURIComponent(p.name)}`} className="block px-3 py-2 text-sm font-medium break-words text-brand-800 hover:bg-brand-50">
              {p.name}
            </Link>
          </li>
        ))}
      </ul>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Link to="/products" className={buttonClasses({ variant: 'secondary' })}>
          <PackageSearch size={18} aria-hidden="true" /> {t.seeCatalogue}
        </Link>
        <Button variant="outline" icon={<ScanLine size={18} />} onClick={onAnother}>
          {t.anotherTicket}
        </Button>
      </div>
    </Card>
  );
}
