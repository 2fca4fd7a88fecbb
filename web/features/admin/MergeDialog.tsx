// Merge a duplicate into the entry that stays: the moderator finds that entry by name (listed
// entries of the same kind), writes the reason, and confirms.
import { type FormEvent, useEffect, useId, useState } from 'react';
import type { CatalogueEntry } from '#contract/catalogue-hygiene';
import { fr } from '#contract/messages';
import { Button } from '../../ui/Button';
import { TextAreaField } from '../../ui/Field';
import { Modal } from '../../ui/Modal';
import { SearchCombobox } from '../../ui/SearchCombobox';
import { searchListed } from './catalogue-api';

const texts = fr.catalogueHygiene;

type MergeDialogProps = { entry: CatalogueEntry; open: boolean; busy: boolean; onConfirm: (into: CatalogueEntry, reason: string) => void; onCancel: () => void };

export function MergeDialog({ entry, open, busy, onConfirm, onCancel }: MergeDialogProps) {
  const formId = useId();
  const [into, setInto] = useState<CatalogueEntry | null>(null);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  useEffect(() => {
    if (!open) return;
    setInto(null);
    setReason('');
    setError(undefined);
  }, [open]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!into) return setError(texts.mergeTargetRequired);
    if (!reason.trim()) return setError(fr.moderation.reasonRequired);
    onConfirm(into, reason.trim());
  };

  return (
    <Modal
      open={open}
      title={texts.mergeTitle(entry.name)}
      description={texts.mergeText}
      onClose={onCancel}
      footer={
        <>
          <Button variant="outline" onClick={onCancel}>
            {fr.common.cancel}
          </Button>
          <Button type="submit" form={formId} variant="danger" busy={busy} disabled={!into}>
            {into ? texts.mergeConfirm(into.name) : texts.merge}
          </Button>
        </>
      }
    >
      <form id={formId} noValidate onSubmit={submit} className="space-y-4">
        <SearchCombobox<CatalogueEntry>
          label={texts.mergeSearch}
          placeholder={texts.searchPlaceholder}
          search={async (text, signal) => (await searchListed(entry.kind, text, signal)).filter((e) => e.id !== entry.id)}
          keyOf={(e) => e.id}
          optionLabel={(e) => e.name}
          onPick={setInto}
          emptyText={texts.mergeNone}
          loadingText={texts.mergeSearching}
          renderOption={(e) => (
            <span className="min-w-0 flex-1">
              <span className="block truncate font-medium text-slate-900">{e.name}</span>
              <span className="block truncate text-xs text-slate-500">{e.detail}</span>
            </span>
          )}
        />
        {into && <p className="rounded-xl bg-brand-50 px-3 py-2 text-sm font-medium text-brand-800">{texts.mergePicked(into.name)}</p>}
        <TextAreaField label={texts.reasonLabel} hint={texts.reasonHint} rows={3} maxLength={500} value={reason} onChange={(e) => setReason(e.target.value)} error={error} />
      </form>
    </Modal>
  );
}
