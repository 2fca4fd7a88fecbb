// Toasts with the specification's durations: success 2 s, error 4 s, others 4 s.
import { toast } from 'sonner';
import { TOASTS } from '#contract/constants';

export const notifySuccess = (message: string) => toast.success(message, { duration: TOASTS.successMs });
export const notifyError = (message: string) => toast.error(message, { duration: TOASTS.errorMs });
export const notifyInfo = (message: string) => toast(message, { duration: TOASTS.defaultMs });
