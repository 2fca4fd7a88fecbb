// /create-list: creating a list, or editing one (router state { list }). Two modes: manual
// (catalogue search + manual lines) and document import (a photo, a PDF, a text/CSV file or pasted text).
// Saving goes through the outbox (list-writes.ts): sent at once when online, kept on the device and
// sent later when offline. An edit is saved as changes (rename, added, removed, new quantities), so
// what another device changed meanwhile on the other items is kept.
import { useQueryClient } from '@tanstack/react-query';
import { FileText, ListPlus, Plus, Trash2 } from 'lucide-react';
import { useCallback, useState, type FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { changesBetween } from '#contract/list-changes';
import { findDuplicateItem, type ExtractedItem, type ListItem, type ProductSuggestion, SaveListSchema, type ShoppingList } from '#contract/lists';
import { fr } from '#contract/messages';
import { errorMessage } from '../../lib/api';
import type { WriteOutcome } from '../../lib/offline/outbox-store';
import { notifyError, notifyInfo, notifySuccess } from '../../lib/notify';
import { useOnline } from '../../lib/use-online';
import { Button } from '../../ui/Button';
import { Card, PageHeader } from '../../ui/Card';
import { TextField } from '../../ui/Field';
import { QuantityStepper } from '../../ui/QuantityStepper';
import { CategoryIllustration } from '../../ui/ProductImage';
import { ProductSearchCombobox } from '../../ui/ProductSearchCombobox';
import { Tabs } from '../../ui/Tabs';
import { ImportPanel } from './ImportPanel';
import { searchCatalogue } from './lists-api';
import { queueListChanges, queueNewList } from './list-writes';

/** A list item being edited: a saved item's fields without its id, under a key of the form's own. */
type DraftItem = Omit<ListItem, 'id'> & { key: string };
type Mode = 'manual' | 'import';

let keySeed = 0;
const nextKey = () => `item-${++keySeed}`;

function fromList(list: ShoppingList | undefined): DraftItem[] {
  return (list?.items ?? []).map((i) => ({ key: nextKey(), product_id: i.product_id, name: i.name, brand: i.brand, category: i.category, quantity: i.quantity, notes: i.notes, is_manual_item: i.is_manual_item, checked: i.checked }));
}

/** Saves the editor's list: a new list, or the changes made to `editing`. */
function save(editing: ShoppingList | undefined, name: string, items: Omit<DraftItem, 'key'>[]): Promise<WriteOutcome> {
  if (!editing) return queueNewList({ name, items });
  const changes = changesBetween(editing, { name, items });
  if (changes.length === 0) return Promise.resolve({ status: 'sent', body: editing });
  return queueListChanges(editing, changes);
}

export function CreateListPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const editing = (location.state as { list?: ShoppingList } | null)?.list;
  const online = useOnline();
  const [mode, setMode] = useState<Mode>('manual');
  const [name, setName] = useState(editing?.name ?? '');
  const [items, setItems] = useState<DraftItem[]>(() => fromList(editing));
  const [manualName, setManualName] = useState('');
  const [manualBrand, setManualBrand] = useState('');
  const [errors, setErrors] = useState<{ name?: string; items?: string; manual?: string }>({});
  const [saving, setSaving] = useState(false);

  /** Adds a line unless the list already has it (same product or same name). */
  const addItem = (item: Omit<DraftItem, 'key'>): boolean => {
    if (findDuplicateItem([...items, { ...item, key: '' }]) >= 0) {
      notifyError(fr.lists.duplicateItem);
      return false;
    }
    setItems((current) => [...current, { ...item, key: nextKey() }]);
    setErrors((e) => ({ ...e, items: undefined }));
    return true;
  };

  const addProduct = (p: ProductSuggestion) => addItem({ product_id: p.id, name: p.name, brand: p.brand, category: p.category, quantity: 1, notes: null, is_manual_item: false, checked: false });

  const addManual = () => {
    const trimmed = manualName.trim();
    if (!trimmed) return setErrors((e) => ({ ...e, manual: fr.lists.itemNameRequired }));
    if (addItem({ product_id: null, name: trimmed, brand: manualBrand.trim() || null, category: null, quantity: 1, notes: null, is_manual_item: true, checked: false })) {
      setManualName('');
      setManualBrand('');
      setErrors((e) => ({ ...e, manual: undefined }));
    }
  };

  const addImported = (extracted: ExtractedItem[]) => {
    let added = 0;
    const next = [...items];
    for (const item of extracted) {
      const line = { key: nextKey(), product_id: item.product_id, name: item.name, brand: item.brand, category: item.category, quantity: item.quantity, notes: null, is_manual_item: !item.product_id, checked: false };
      if (findDuplicateItem([...next, line]) >= 0) continue;
      next.push(line);
      added += 1;
    }
    setItems(next);
    notifySuccess(fr.listsUi.importAdded(added));
    setMode('manual');
  };

  const setQuantity = (key: string, quantity: number) => setItems((current) => current.map((i) => (i.key === key ? { ...i, quantity } : i)));
  const removeItem = (key: string) => setItems((current) => current.filter((i) => i.key !== key));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const payload = { name, items: items.map(({ key: _key, ...rest }) => rest) };
    const parsed = SaveListSchema.safeParse(payload);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      if (issue.path[0] === 'name') setErrors({ name: issue.message });
      else setErrors({ items: issue.message });
      return;
    }
    if (findDuplicateItem(parsed.data.items) >= 0) return notifyError(fr.lists.duplicateItem);
    setSaving(true);
    try {
      const outcome = await save(editing, parsed.data.name, payload.items.filter((i) => i.quantity > 0));
      if (outcome.status === 'rejected') return notifyError(errorMessage(outcome.error, fr.lists.saveError));
      void queryClient.invalidateQueries({ queryKey: ['dashboard'] });
      if (outcome.status === 'queued') notifyInfo(fr.offline.savedOnDevice);
      else notifySuccess(editing ? fr.listsUi.updated : fr.listsUi.saved);
      navigate('/shopping-lists');
    } catch (error) {
      notifyError(errorMessage(error, fr.lists.saveError));
    } finally {
      setSaving(false);
    }
  };

  const search = useCallback((q: string, signal: AbortSignal) => searchCatalogue(q, signal), []);

  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader title={editing ? fr.listsUi.editTitle : fr.listsUi.createTitle} />
      <form onSubmit={(e) => void submit(e)} className="space-y-5" noValidate>
        <Card className="p-4 sm:p-5">
          <TextField
            label={fr.listsUi.listName}
            placeholder={fr.listsUi.listNamePlaceholder}
            value={name}
            maxLength={100}
            error={errors.name}
            onChange={(e) => {
              setName(e.target.value);
              setErrors((x) => ({ ...x, name: undefined }));
            }}
          />
        </Card>

        <Card className="p-4 sm:p-5">
          <Tabs<Mode>
            label={fr.listsUi.createTitle}
            active={mode}
            onChange={setMode}
            items={[
              { key: 'manual', label: fr.listsUi.modeManual, icon: <ListPlus size={16} aria-hidden="true" /> },
              { key: 'import', label: fr.listsUi.modeImport, icon: <FileText size={16} aria-hidden="true" /> },
            ]}
          >
            {mode === 'manual' ? (
              <div className="space-y-5">
                {!online && <p className="rounded-xl bg-amber-50 px-3 py-2 text-sm text-amber-900 ring-1 ring-amber-200">{fr.offline.searchOffline}</p>}
                <ProductSearchCombobox search={search} onPick={addProduct} detailed />
                <fieldset className="space-y-3 rounded-xl bg-slate-50 p-3">
                  <legend className="px-1 text-sm font-semibold text-slate-700">{fr.listsUi.manualItem}</legend>
                  <div className="grid gap-3 sm:grid-cols-[1fr_12rem_auto] sm:items-start">
                    <TextField
                      label={fr.listsUi.manualName}
                      placeholder={fr.listsUi.manualPlaceholder}
                      value={manualName}
                      maxLength={120}
                      error={errors.manual}
                      onChange={(e) => {
                        setManualName(e.target.value);
                        setErrors((x) => ({ ...x, manual: undefined }));
                      }}
                      onKeyDown={(e) => {
                        if (e.key === 'Enter') {
                          e.preventDefault();
                          addManual();
                        }
                      }}
                    />
                    <TextField label={fr.listsUi.manualBrand} value={manualBrand} maxLength={80} onChange={(e) => setManualBrand(e.target.value)} />
                    <Button variant="secondary" onClick={addManual} icon={<Plus size={16} aria-hidden="true" />} className="sm:mt-7">
                      {fr.listsUi.addManual}
                    </Button>
                  </div>
                </fieldset>
              </div>
            ) : (
              <ImportPanel onAdd={addImported} onReset={() => setMode('manual')} />
            )}
          </Tabs>
        </Card>

        <Card className="p-4 sm:p-5">
          <h2 className="mb-3 text-lg font-semibold">
            {fr.listsUi.itemsTitle} <span className="text-sm font-normal text-slate-500">({fr.listsUi.items(items.length)})</span>
          </h2>
          {items.length === 0 ? (
            <p className="rounded-xl border border-dashed border-slate-300 px-4 py-6 text-center text-sm text-slate-500">{fr.listsUi.noItems}</p>
          ) : (
            <ul className="divide-y divide-slate-100" aria-label={fr.listsUi.itemsTitle}>
              {items.map((item) => (
                <li key={item.key} className="flex items-center gap-2 py-3">
                  <CategoryIllustration category={item.category} decorative className="size-10 shrink-0 rounded-lg max-sm:hidden" />
                  <div className="min-w-0 flex-1 basis-0">
                    <p className="font-medium text-slate-900 [overflow-wrap:anywhere]">{item.name}</p>
                    <p className="text-xs text-slate-500">
                      <span className={`mr-1.5 rounded px-1.5 py-0.5 font-medium ${item.is_manual_item ? 'bg-amber-50 text-amber-800' : 'bg-brand-50 text-brand-800'}`}>
                        {item.is_manual_item ? fr.listsUi.manualBadge : fr.listsUi.catalogueBadge}
                      </span>
                      {[item.brand, item.category].filter(Boolean).join(' · ')}
                    </p>
                  </div>
                  <QuantityStepper
                    value={item.quantity}
                    label={`${fr.listsUi.quantity} ${item.name}`}
                    decreaseLabel={fr.listsUi.decrease(item.name)}
                    increaseLabel={fr.listsUi.increase(item.name)}
                    onChange={(q) => setQuantity(item.key, q)}
                    onRemove={() => removeItem(item.key)}
                  />
                  <button type="button" onClick={() => removeItem(item.key)} className="rounded-lg p-2 text-rose-600 hover:bg-rose-50" aria-label={fr.listsUi.remove(item.name)}>
                    <Trash2 size={18} />
                  </button>
                </li>
              ))}
            </ul>
          )}
          {errors.items && (
            <p className="mt-3 text-sm text-rose-600" role="alert">
              {errors.items}
            </p>
          )}
        </Card>

        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={() => navigate('/shopping-lists')}>
            {fr.listsUi.cancel}
          </Button>
          <Button type="submit" busy={saving} busyLabel={fr.listsUi.saving}>
            {fr.listsUi.save}
          </Button>
        </div>
      </form>
    </div>
  );
}
