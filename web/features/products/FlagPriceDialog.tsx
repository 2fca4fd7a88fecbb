// "Signaler ce prix": one of the four reasons and an optional comment, checked with the API's own
// FlagSchema and sent to POST /api/prices/{observation_id}/flag. The server's thank-you, or why it
// refuses (already flagged by this user, daily limit), is shown as a toast.
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { Flag } from 'lucide-react';
import { useEffect, useId } from 'react';
import { useForm, type DefaultValues } from 'react-hook-form';
import type { z } from 'zod';
import { formatXaf } from '#contract/format';
import { fr } from '#contract/messages';
import { FLAG_REASONS, FlagSchema, type FlagPayload, type FlagResponse } from '#contract/prices';
import { ApiError, api, errorMessage } from '../../lib/api';
import { notifyError, notifySuccess } from '../../lib/notify';
import { Button } from '../../ui/Button';
import { TextAreaField } from '../../ui/Field';
import { Modal } from '../../ui/Modal';

export type FlagTarget = { observation_id: string; store_name: string; price: number };

type FlagPriceDialogProps = {
  target: FlagTarget | null;
  onClose: () => void;
  /** The price is now in the moderators' queue for this user (flagged now, or earlier). */
  onFlagged: (observationId: string) => void;
};

type FlagValues = z.output<typeof FlagSchema>;
const EMPTY: DefaultValues<FlagPayload> = { comment: '' };

export function FlagPriceDialog({ target, onClose, onFlagged }: FlagPriceDialogProps) {
  const formId = useId();
  const { register, handleSubmit, reset, formState } = useForm<FlagPayload, unknown, FlagValues>({ resolver: zodResolver(FlagSchema), defaultValues: EMPTY });
  const errors = formState.errors;

  useEffect(() => {
    if (target) reset(EMPTY);
  }, [target, reset]);

  const flag = useMutation({
    mutationFn: ({ observationId, payload }: { observationId: string; payload: FlagValues }) => api.post<FlagResponse>(`/prices/${observationId}/flag`, payload),
    onSuccess: (response, { observationId }) => {
      notifySuccess(response.message);
      onFlagged(observationId);
      onClose();
    },
    onError: (error, { observationId }) => {
      notifyError(errorMessage(error, fr.trustUi.flagError));
      // Already flagged, or the day's limit reached: sending again would not help.
      if (error instanceof ApiError && error.status === 409) onFlagged(observationId);
      if (error instanceof ApiError && (error.status === 409 || error.status === 429)) onClose();
    },
  });

  const submit = handleSubmit((payload) => {
    if (target) flag.mutate({ observationId: target.observation_id, payload });
  });

  return (
    <Modal
      open={Boolean(target)}
      title={fr.trustUi.flag}
      description={target ? `${target.store_name} · ${formatXaf(target.price)}` : undefined}
      onClose={onClose}
      size="md"
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            {fr.common.cancel}
          </Button>
          <Button type="submit" form={formId} variant="danger" icon={<Flag size={16} aria-hidden="true" />} busy={flag.isPending} busyLabel={fr.trustUi.flagSubmitting}>
            {fr.trustUi.flagSubmit}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={submit} noValidate className="space-y-4">
        <fieldset>
          <legend className="mb-2 text-sm font-medium text-slate-700">{fr.trustUi.flagReason}</legend>
          <div className="grid grid-cols-1 gap-2 sm:grid-cols-2">
            {FLAG_REASONS.map((reason) => (
              <label
                key={reason}
                className="flex cursor-pointer items-center gap-3 rounded-xl border border-slate-200 px-3 py-2.5 text-sm font-medium text-slate-800 hover:bg-slate-50 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50"
              >
                <input type="radio" value={reason} className="size-4 shrink-0 accent-brand-700" aria-invalid={errors.reason ? true : undefined} {...register('reason')} />
                {fr.moderation.flagReasons[reason]}
              </label>
            ))}
          </div>
          {errors.reason?.message && (
            <p className="mt-1.5 text-sm text-rose-600" role="alert">
              {errors.reason.message}
            </p>
          )}
        </fieldset>
        <TextAreaField
          label={fr.trustUi.flagComment}
          placeholder={fr.trustUi.flagCommentPlaceholder}
          hint={fr.trustUi.flagCommentHint}
          rows={3}
          maxLength={500}
          error={errors.comment?.message}
          {...register('comment')}
        />
      </form>
    </Modal>
  );
}
