// The question asked before unsaved edits of a profile tab are lost: keep editing, or discard.
import { fr } from '#contract/messages';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { useUnsavedChangesGuard } from './useUnsavedChangesGuard';

type DialogProps = { open: boolean; onKeep: () => void; onDiscard: () => void };

export function UnsavedChangesDialog({ open, onKeep, onDiscard }: DialogProps) {
  return (
    <ConfirmDialog
      open={open}
      title={fr.profile.unsavedTitle}
      message={fr.profile.unsavedChanges}
      confirmLabel={fr.profile.discard}
      cancelLabel={fr.profile.keepEditing}
      danger
      onConfirm={onDiscard}
      onCancel={onKeep}
    />
  );
}

/** Holds navigation (other page, back, other tab, reload) while `dirty`, and asks. */
export function UnsavedChangesGuard({ dirty, onDiscard }: { dirty: boolean; onDiscard?: () => void }) {
  const blocker = useUnsavedChangesGuard(dirty);
  return (
    <UnsavedChangesDialog
      open={blocker.state === 'blocked'}
      onKeep={() => blocker.reset?.()}
      onDiscard={() => {
        blocker.proceed?.();
        onDiscard?.();
      }}
    />
  );
}
