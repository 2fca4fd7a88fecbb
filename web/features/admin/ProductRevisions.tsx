// A product's revisions, newest first: who changed what and when, and going back to one of them.
import { useQuery } from '@tanstack/react-query';
import { History, RotateCcw } from 'lucide-react';
import { useState } from 'react';
import { formatDateTime } from '#contract/format';
import { fr } from '#contract/messages';
import { PRODUCT_FIELDS, type ProductRevision } from '#contract/moderation';
import { Badge, type BadgeTone } from '../../ui/Badge';
import { Button } from '../../ui/Button';
import { Card, EmptyState } from '../../ui/Card';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { LoadError } from '../../ui/LoadError';
import { PageLoader } from '../../ui/Spinner';
import { moderationCalls, revisionsQuery } from './admin-api';
import { ProductChangesList } from './ProductChangesList';
import { useModerationAction } from './use-moderation-action';

const texts = fr.adminUi;
const KIND_TONES: Record<ProductRevision['kind'], BadgeTone> = { original: 'slate', created: 'sky', edited: 'violet', suggestion: 'green', reverted: 'amber' };

export function ProductRevisions({ productId }: { productId: string }) {
  const { data: revisions, isPending, isError, refetch } = useQuery(revisionsQuery(productId));
  const [target, setTarget] = useState<ProductRevision | null>(null);
  const revert = useModerationAction((revision: ProductRevision) => moderationCalls.revert(productId, revision.id), () => setTarget(null));

  if (isPending) return <PageLoader />;
  if (isError) return <LoadError message={texts.loadError} onRetry={() => void refetch()} />;
  if (revisions.length === 0) return <EmptyState icon={<History size={24} />} title={texts.noRevisions} text={texts.noRevisionsText} />;
  const name = revisions[0].snapshot.name;

  return (
    <section aria-labelledby="revisions-title" className="space-y-3">
      <h2 id="revisions-title" className="text-lg font-semibold text-slate-900">
        {texts.revisionsOf(name)}
      </h2>
      <ol className="space-y-3" aria-label={texts.revisionsTitle}>
        {revisions.map((revision, index) => (
          <li key={revision.id}>
            <RevisionCard revision={revision} current={index === 0} sameAsCurrent={sameSnapshot(revision, revisions[0])} onRevert={() => setTarget(revision)} />
          </li>
        ))}
      </ol>
      <ConfirmDialog
        open={target !== null}
        title={texts.revertTitle}
        message={target ? texts.revertConfirm(target.number, name) : ''}
        confirmLabel={texts.revertAction}
        busy={revert.isPending}
        onConfirm={() => target && revert.mutate(target)}
        onCancel={() => setTarget(null)}
      />
    </section>
  );
}

/** Going back to a revision identical to the product now would change nothing (the server answers 409). */
const sameSnapshot = (a: ProductRevision, b: ProductRevision) =>
  PRODUCT_FIELDS.every((field) => JSON.stringify(a.snapshot[field] ?? null) === JSON.stringify(b.snapshot[field] ?? null));

type RevisionCardProps = { revision: ProductRevision; current: boolean; sameAsCurrent: boolean; onRevert: () => void };

function RevisionCard({ revision, current, sameAsCurrent, onRevert }: RevisionCardProps) {
  const who = revision.editor_name ? texts.by(revision.editor_name) : revision.kind === 'original' ? texts.catalogue : texts.by(texts.someone);
  const hasChanges = Object.keys(revision.changes).length > 0;
  return (
    <Card className={`space-y-3 p-4 ${current ? 'border-brand-200 ring-1 ring-brand-200' : ''}`} role="article" aria-label={texts.revision(revision.number)}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="flex flex-wrap items-center gap-2">
            <span className="font-semibold text-slate-900">{texts.revision(revision.number)}</span>
            <Badge tone={KIND_TONES[revision.kind]}>{texts.kinds[revision.kind]}</Badge>
            {current && <Badge tone="green">{texts.currentVersion}</Badge>}
          </p>
          <p className="mt-0.5 text-sm text-slate-600">
            {who} · {texts.on(formatDateTime(revision.created_at))}
          </p>
          {revision.note && <p className="mt-1 text-sm italic text-slate-600">{revision.note}</p>}
        </div>
        {!current &&
          (sameAsCurrent ? (
            <span className="text-xs text-slate-500">{texts.identicalToCurrent}</span>
          ) : (
            <Button size="sm" variant="outline" icon={<RotateCcw size={15} aria-hidden="true" />} onClick={onRevert}>
              {texts.revert}
            </Button>
          ))}
      </div>
      {hasChanges ? (
        <ProductChangesList changes={revision.changes} />
      ) : (
        revision.kind === 'original' && (
          <p className="text-sm text-slate-500">
            {texts.snapshotOfOriginal} : <span className="font-medium text-slate-800">{revision.snapshot.name}</span>
          </p>
        )
      )}
    </Card>
  );
}
