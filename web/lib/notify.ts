// Toasts with the specification's durations: success 2 s, error 4 s, others 4 s. Sonner loads with
// the first toast (web/ui/Toasts.tsx).
import type { ExternalToast } from 'sonner';
import { TOASTS } from '#contract/constants';
import { showToast } from '../ui/Toasts';

export const notifySuccess = (message: string, options?: ExternalToast) => showToast((toast) => toast.success(message, { duration: TOASTS.successMs, ...options }));
export const notifyError = (message: string, options?: ExternalToast) => showToast((toast) => toast.error(message, { duration: TOASTS.errorMs, ...options }));
export const notifyWarning = (message: string, options?: ExternalToast) => showToast((toast) => toast.warning(message, { duration: TOASTS.defaultMs, ...options }));
export const notifyInfo = (message: string, options?: ExternalToast) => showToast((toast) => toast(message, { duration: TOASTS.defaultMs, ...options }));
