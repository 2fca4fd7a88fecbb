// One product or store of /admin/catalogue: what it is, who added it and when, and what the
// moderator can do — publish a newcomer's addition, hide, delete or merge it, or restore what was removed.
import { Check, EyeOff, GitMerge, RotateCcw, Trash2 } from 'lucide-react';
import { useState } from 'react';
import type { CatalogueEntry } from '#contract/catalogue-hygiene';
import { formatDate, formatDateTime } from '#contract/format';
import { fr } from '#contract/messages';
import { Badge, type BadgeTone } from '../../ui/Badge';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { catalogueCalls } from './catalogue-api';
import { MergeDialog } from './MergeDialog';
import { ReasonDialog } from './ReasonDialog';
import { useModerationAction } from './use-moderation-action';

const texts = fr.catalogueHygiene;
const TONE: Record<CatalogueEntry['listing'], BadgeTone> = { listed: 'green', pending: 'amber', hidden: 'rose' };
const REMOVAL_DIALOGS = {
  hide: { title: texts.hideTitle, text: texts.hideText, confirm: texts.hide },
  delete: { title: texts.deleteTitle, text: texts.deleteText, confirm: texts.remove },
};

function removalText(removal: NonNullable<CatalogueEntry['removal']>): string {
  if (removal.action === 'merge') return texts.removalMerge(removal.into?.name ?? '');
  return removal.action === 'hide' ? texts.removalHide : texts.removalDelete;
}

export function CatalogueEntryCard({ entry }: { entry: CatalogueEntry }) {
  const [dialog, setDialog] = useState<'hide' | 'delete' | 'merge' | null>(null);
  const close = () => setDialog(null);
  const publish = useModerationAction(() => catalogueCalls.publish(entry));
  const restore = useModerationAction(() => catalogueCalls.restore(entry));
  const remove = useModerationAction(({ action, reason }: { action: 'hide' | 'delete'; reason: string }) => catalogueCalls.remove(entry, action, reason), close);
  const merge = useModerationAction(({ into, reason }: { into: CatalogueEntry; reason: string }) => catalogueCalls.merge(entry, into.id, reason), close);
  const busy = publish.isPending || restore.isPending || remove.isPending || merge.isPending;
  const removing = dialog === 'hide' || dialog === 'delete' ? dialog : null;
  const removal = entry.removal;

  return (
    <Card className="overflow-hidden" role="article" aria-label={texts.cardLabel(entry.name)} data-testid="catalogue-entry">
      <header className="flex items-start justify-between gap-2 p-4 pb-2">
        <div className="min-w-0">
          <h3 className="break-words font-semibold leading-snug text-slate-900">{entry.name}</h3>
          {entry.detail && <p className="break-words text-sm text-slate-600">{entry.detail}</p>}
        </div>
        <Badge tone={TONE[entry.listing]}>{texts.listingBadge[entry.listing]}</Badge>
      </header>
      <div className="space-y-1 px-4 pb-3 text-sm text-slate-600">
        <p>
          {entry.author ? texts.by(entry.author.name) : texts.byUnknown} · {texts.createdOn(formatDate(entry.created_at))}
        </p>
        {removal && (
          <p className="text-slate-700">
            <span className="font-semibold">{removalText(removal)}</span> {removal.by_name && texts.removedBy(removal.by_name, formatDateTime(removal.at))}
            {removal.reason && <> — {fr.adminUi.auditReason(removal.reason)}</>}
            {removal.purge_after && <> ({texts.purgeOn(formatDate(removal.purge_after))})</>}
          </p>
        )}
      </div>
      <footer className="flex flex-wrap gap-2 border-t border-slate-100 bg-slate-50/60 p-3">
        {entry.listing === 'hidden' ? (
          <Button variant="outline" icon={<RotateCcw size={16} aria-hidden="true" />} onClick={() => restore.mutate(undefined)} busy={restore.isPending} disabled={busy}>
            {texts.restore}
          </Button>
        ) : (
          <>
            {entry.listing === 'pending' && (
              <Button icon={<Check size={16} aria-hidden="true" />} onClick={() => publish.mutate(undefined)} busy={publish.isPending} disabled={busy}>
                {texts.publish}
              </Button>
            )}
            <Button variant="outline" icon={<EyeOff size={16} aria-hidden="true" />} onClick={() => setDialog('hide')} disabled={busy}>
              {texts.hide}
            </Button>
            <Button variant="outline" icon={<GitMerge size={16} aria-hidden="true" />} onClick={() => setDialog('merge')} disabled={busy}>
              {texts.merge}
            </Button>
            <Button variant="outline" className="text-rose-700" icon={<Trash2 size={16} aria-hidden="true" />} onClick={() => setDialog('delete')} disabled={busy}>
              {texts.remove}
            </Button>
          </>
        )}
      </footer>
      <ReasonDialog
        open={removing !== null}
        title={removing ? REMOVAL_DIALOGS[removing].title(entry.name) : ''}
        description={removing ? REMOVAL_DIALOGS[removing].text : undefined}
        hint={texts.reasonHint}
        confirmLabel={removing ? REMOVAL_DIALOGS[removing].confirm : ''}
        busy={remove.isPending}
        onConfirm={(reason) => removing && remove.mutate({ action: removing, reason })}
        onCancel={close}
      />
      <MergeDialog entry={entry} open={dialog === 'merge'} busy={merge.isPending} onConfirm={(into, reason) => merge.mutate({ into, reason })} onCancel={close} />
    </Card>
  );
}
