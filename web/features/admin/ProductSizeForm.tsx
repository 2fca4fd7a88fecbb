// The moderator corrects a product's size and pack (issue 28, item 2): PUT /api/admin/products/{id}/size.
// Read from the name until then; set here, they no longer change when the name does, until « Relire
// depuis le nom » makes them follow it again. Each change is a revision.
import { useQuery } from '@tanstack/react-query';
import { Ruler } from 'lucide-react';
import { type FormEvent, useEffect, useState } from 'react';
import { fr } from '#contract/messages';
import { ProductSizeSchema } from '#contract/moderation';
import { SIZE_UNITS, sizeLabel } from '#contract/product-size';
import { Badge } from '../../ui/Badge';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { SelectField, TextField } from '../../ui/Field';
import { adminProductQuery, moderationCalls, revisionsQuery } from './admin-api';
import { useModerationAction } from './use-moderation-action';

const texts = fr.adminUi;
const toNumber = (text: string) => (text.trim() === '' ? null : Number(text.replace(',', '.')));

export function ProductSizeForm({ productId }: { productId: string }) {
  const { data: product } = useQuery(adminProductQuery(productId));
  const { data: revisions } = useQuery(revisionsQuery(productId));
  const byModerator = revisions?.[0]?.snapshot.size_by_moderator ?? false;
  const [value, setValue] = useState('');
  const [unit, setUnit] = useState('');
  const [pack, setPack] = useState('');
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (!product) return;
    setValue(product.size ? String(product.size.value).replace('.', ',') : '');
    setUnit(product.size?.unit ?? '');
    setPack(product.pack_count ? String(product.pack_count) : '');
  }, [product]);
  const save = useModerationAction((body: object) => moderationCalls.setSize(productId, body));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = { size_value: toNumber(value), size_unit: unit === '' ? null : unit, pack_count: toNumber(pack) };
    const checked = ProductSizeSchema.safeParse(body);
    if (!checked.success) return setError(checked.error.issues[0]?.message ?? fr.common.invalidValue);
    setError(null);
    save.mutate(body);
  };
  const current = product ? sizeLabel(product.size, product.pack_count) : null;

  return (
    <Card className="space-y-3 p-4">
      <h2 className="flex flex-wrap items-center gap-2 font-semibold text-slate-900">
        <Ruler size={18} aria-hidden="true" />
        {texts.sizeTitle}
        {current && <span className="font-normal text-slate-600">· {current}</span>}
        <Badge tone={byModerator ? 'violet' : 'slate'}>{byModerator ? texts.sizeByModerator : texts.sizeFromNameNow}</Badge>
      </h2>
      <p className="text-sm text-slate-600">{texts.sizeHint}</p>
      <form onSubmit={submit} noValidate className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_8rem_minmax(0,1fr)] sm:items-end" aria-label={texts.sizeTitle}>
        <TextField label={texts.sizeValue} inputMode="decimal" value={value} onChange={(e) => setValue(e.target.value)} error={error ?? undefined} />
        <SelectField label={texts.sizeUnit} value={unit} onChange={(e) => setUnit(e.target.value)}>
          <option value="">{texts.sizeUnknown}</option>
          {SIZE_UNITS.map((u) => (
            <option key={u} value={u}>
              {u}
            </option>
          ))}
        </SelectField>
        <TextField label={texts.packCount} inputMode="numeric" value={pack} onChange={(e) => setPack(e.target.value)} />
        <div className="flex flex-wrap gap-2 sm:col-span-3">
          <Button type="submit" busy={save.isPending}>
            {texts.sizeSave}
          </Button>
          {byModerator && (
            <Button variant="outline" onClick={() => save.mutate({ from_name: true })} disabled={save.isPending}>
              {texts.sizeFromName}
            </Button>
          )}
        </div>
      </form>
    </Card>
  );
}
