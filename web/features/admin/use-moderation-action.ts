// One moderator decision: the server's message as a success toast, its French detail as an error
// (a 409 says another moderator got there first), and the whole moderation space refreshed after.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { fr } from '#contract/messages';
import type { ModerationResult } from '#contract/moderation';
import { errorMessage } from '../../lib/api';
import { notifyError, notifySuccess } from '../../lib/notify';
import { adminKeys } from './admin-api';

export function useModerationAction<V>(call: (variables: V) => Promise<ModerationResult>, onDone?: () => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (result) => {
      notifySuccess(result.message);
      onDone?.();
    },
    onError: (error) => notifyError(errorMessage(error, fr.adminUi.actionError)),
    onSettled: () => client.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
