// The moderator gives a barcode to the right product when another (a fake, a duplicate) carries it:
// POST /api/admin/products/{id}/barcode. The other product loses it; both changes are revisions.
import { ScanBarcode } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { fr } from '#contract/messages';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { TextField } from '../../ui/Field';
import { moderationCalls } from './admin-api';
import { useModerationAction } from './use-moderation-action';

const texts = fr.adminUi;

export function BarcodeClaimForm({ productId }: { productId: string }) {
  const [barcode, setBarcode] = useState('');
  const claim = useModerationAction((code: string) => moderationCalls.claimBarcode(productId, code), () => setBarcode(''));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (barcode.trim()) claim.mutate(barcode.trim());
  };
  return (
    <Card className="space-y-3 p-4">
      <h2 className="flex items-center gap-2 font-semibold text-slate-900">
        <ScanBarcode size={18} aria-hidden="true" />
        {texts.barcodeClaimTitle}
      </h2>
      <p className="text-sm text-slate-600">{texts.barcodeClaimHint}</p>
      <form onSubmit={submit} noValidate className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <div className="min-w-0 flex-1">
          <TextField label={texts.barcodeClaimLabel} inputMode="numeric" value={barcode} onChange={(e) => setBarcode(e.target.value)} />
        </div>
        <Button type="submit" variant="outline" disabled={!barcode.trim()} busy={claim.isPending}>
          {texts.barcodeClaimAction}
        </Button>
      </form>
    </Card>
  );
}
