// « Terminer la livraison »: the agent types the 4-digit code the customer reads in the app; when the
// customer cannot give it, a photo taken at the door completes the order « sans code ». The server's
// French refusals are shown as they come (wrong code with the tries left, locked, too early).
import { Camera, KeyRound } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import type { AgentOrder } from '#contract/agent';
import { formatDateTime } from '#contract/format';
import { HANDOVER_CODE_LENGTH } from '#contract/handover';
import { fr } from '#contract/messages';
import { errorMessage } from '../../lib/api';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/Field';
import { FileInput } from '../../ui/FileInput';
import { Modal } from '../../ui/Modal';
import { shortId } from './agent-order-view';
import { useHandover } from './agent-queries';

const texts = fr.handover;

export function HandoverModal({ order, onClose }: { order: AgentOrder; onClose: () => void }) {
  const [code, setCode] = useState('');
  const [withPhoto, setWithPhoto] = useState(false);
  const [photo, setPhoto] = useState<File | null>(null);
  const handover = useHandover(() => onClose());
  const error = handover.error ? errorMessage(handover.error, fr.agent.statusError) : undefined;
  const opens = new Date(order.completable_from);
  const early = opens.getTime() > Date.now();

  const submitCode = (event: FormEvent) => {
    event.preventDefault();
    if (!new RegExp(`^\\d{${HANDOVER_CODE_LENGTH}}$`).test(code)) return handover.reset();
    handover.mutate({ id: order.booking_id, code });
  };
  const codeError = code.length > 0 && !/^\d*$/.test(code) ? texts.codeFormat : undefined;

  return (
    <Modal open title={texts.finishTitle} description={`#${shortId(order.booking_id)}`} onClose={onClose}>
      <div className="space-y-4 text-sm" data-testid="handover-form">
        {early && <p className="rounded-xl bg-amber-50 p-3 text-amber-900">{texts.opensAt(formatDateTime(order.completable_from))}</p>}
        {!withPhoto ? (
          <form onSubmit={submitCode} className="space-y-3" noValidate>
            <TextField
              label={texts.codeLabel}
              hint={texts.codeHint}
              inputMode="numeric"
              autoComplete="one-time-code"
              pattern="[0-9]*"
              maxLength={HANDOVER_CODE_LENGTH}
              value={code}
              onChange={(e) => setCode(e.target.value.replace(/\s/g, ''))}
              error={codeError ?? error}
              className="text-center font-mono text-2xl tracking-[0.5em]"
              autoFocus
            />
            <Button type="submit" block busy={handover.isPending} disabled={code.length !== HANDOVER_CODE_LENGTH || order.handover_locked} icon={<KeyRound size={16} aria-hidden="true" />}>
              {texts.confirmCode}
            </Button>
            <Button variant="outline" block onClick={() => (handover.reset(), setWithPhoto(true))} icon={<Camera size={16} aria-hidden="true" />} className="h-auto whitespace-normal py-2">
              {texts.noCode}
            </Button>
          </form>
        ) : (
          <div className="space-y-3">
            <label className="flex cursor-pointer flex-col items-center gap-2 rounded-xl border-2 border-dashed border-slate-300 p-4 text-center text-slate-700 hover:border-brand-500">
              <Camera size={28} className="text-brand-700" aria-hidden="true" />
              <span className="font-semibold">{texts.photoLabel}</span>
              {photo && <span className="break-all text-xs text-slate-500" data-testid="door-photo-name">{photo.name}</span>}
              <FileInput accept="image/jpeg,image/png,image/webp" capture="environment" aria-label={texts.photoLabel} onFiles={([file]) => setPhoto(file)} />
            </label>
            {error && (
              <p className="text-sm text-rose-600" role="alert">
                {error}
              </p>
            )}
            <Button block busy={handover.isPending} busyLabel={texts.sending} disabled={!photo || order.handover_locked} onClick={() => photo && handover.mutate({ id: order.booking_id, photo })}>
              {texts.sendPhoto}
            </Button>
            <Button variant="ghost" block onClick={() => (handover.reset(), setWithPhoto(false))}>
              {texts.back}
            </Button>
          </div>
        )}
      </div>
    </Modal>
  );
}
