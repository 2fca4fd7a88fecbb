// Reject, refuse and suspend: a dialog that asks for the reason the contributor will be told.
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId } from 'react';
import { useForm } from 'react-hook-form';
import { fr } from '#contract/messages';
import { ReasonSchema, type ReasonPayload } from '#contract/moderation';
import { Button } from '../../ui/Button';
import { TextAreaField } from '../../ui/Field';
import { Modal } from '../../ui/Modal';

type ReasonDialogProps = {
  open: boolean;
  title: string;
  description?: string;
  /** Who reads the reason (by default: the contributor). */
  hint?: string;
  confirmLabel: string;
  busy: boolean;
  onConfirm: (reason: string) => void;
  onCancel: () => void;
};

const texts = fr.adminUi;

export function ReasonDialog({ open, title, description, hint = fr.adminUi.reasonHint, confirmLabel, busy, onConfirm, onCancel }: ReasonDialogProps) {
  const formId = useId();
  const { register, handleSubmit, reset, formState } = useForm<ReasonPayload>({ resolver: zodResolver(ReasonSchema), defaultValues: { reason: '' } });

  useEffect(() => {
    if (open) reset({ reason: '' });
  }, [open, reset]);

  const submit = handleSubmit((values) => onConfirm(values.reason.trim()));

  return (
    <Modal
      open={open}
      title={title}
      description={description}
      onClose={onCancel}
      footer={
        <>
          <Button variant="outline" onClick={onCancel}>
            {fr.common.cancel}
          </Button>
          <Button type="submit" form={formId} variant="danger" busy={busy}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      <form id={formId} noValidate onSubmit={(e) => void submit(e)}>
        <TextAreaField
          label={texts.reasonLabel}
          hint={hint}
          placeholder={texts.reasonPlaceholder}
          rows={4}
          maxLength={500}
          error={formState.errors.reason?.message}
          {...register('reason')}
        />
      </form>
    </Modal>
  );
}
