// A product edit proposed by someone who does not own the product: the diff, its author, and the
// two decisions.
import { Check, ChevronRight, X } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { formatDateTime } from '#contract/format';
import { fr } from '#contract/messages';
import type { ProductSuggestion } from '#contract/moderation';
import { Badge } from '../../ui/Badge';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { moderationCalls } from './admin-api';
import { formatReputation } from './admin-format';
import { ProductChangesList } from './ProductChangesList';
import { ReasonDialog } from './ReasonDialog';
import { useModerationAction } from './use-moderation-action';

const texts = fr.adminUi;

export function SuggestionCard({ suggestion }: { suggestion: ProductSuggestion }) {
  const [refusing, setRefusing] = useState(false);
  const apply = useModerationAction(() => moderationCalls.apply(suggestion.id));
  const refuse = useModerationAction((reason: string) => moderationCalls.refuse(suggestion.id, reason), () => setRefusing(false));
  const busy = apply.isPending || refuse.isPending;
  const author = suggestion.author_name ?? texts.someone;

  return (
    <Card className="overflow-hidden" role="article" aria-label={texts.suggestionLabel(suggestion.product_name)} data-testid="suggestion-card">
      <header className="space-y-1 border-b border-slate-100 p-4">
        <h3 className="font-semibold leading-snug text-slate-900">{suggestion.product_name}</h3>
        <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-slate-600">
          <span>{texts.suggestedBy(author, formatDateTime(suggestion.created_at))}</span>
          {suggestion.author_reputation !== null && <Badge tone={suggestion.author_reputation < 0 ? 'rose' : 'slate'}>{texts.authorReputation(formatReputation(suggestion.author_reputation))}</Badge>}
        </p>
        <div className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
          {suggestion.author_id && (
            <Link to={`/admin/users/${suggestion.author_id}`} className="inline-flex items-center gap-0.5 font-semibold text-brand-700 hover:underline">
              {texts.seeProfile}
              <ChevronRight size={15} aria-hidden="true" />
            </Link>
          )}
          <Link to={`/admin/products?product=${suggestion.product_id}`} className="inline-flex items-center gap-0.5 font-semibold text-brand-700 hover:underline">
            {texts.revisionsTitle}
            <ChevronRight size={15} aria-hidden="true" />
          </Link>
        </div>
      </header>
      <div className="p-4">
        <ProductChangesList changes={suggestion.changes} current={suggestion.current} />
      </div>
      <footer className="flex gap-2 border-t border-slate-100 bg-slate-50/60 p-3">
        <Button variant="outline" className="flex-1 text-rose-700 sm:flex-none" icon={<X size={16} aria-hidden="true" />} onClick={() => setRefusing(true)} disabled={busy}>
          {texts.refuse}
        </Button>
        <Button className="flex-1 sm:ml-auto sm:flex-none" icon={<Check size={16} aria-hidden="true" />} onClick={() => apply.mutate(undefined)} busy={apply.isPending} disabled={busy}>
          {texts.apply}
        </Button>
      </footer>
      <ReasonDialog
        open={refusing}
        title={texts.refuseTitle}
        description={suggestion.product_name}
        confirmLabel={texts.confirmRefuse}
        busy={refuse.isPending}
        onConfirm={(reason) => refuse.mutate(reason)}
        onCancel={() => setRefusing(false)}
      />
    </Card>
  );
}
