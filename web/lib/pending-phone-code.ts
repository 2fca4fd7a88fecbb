// The SMS code a registration has just sent. Signing in sends the new consumer to /verify-phone (the
// register page and the sign-in guard both ask pathAfterSignIn), which shows this code's answer at
// once — its demo code, its resend countdown — instead of asking for another code.
import type { PhoneVerificationStarted } from '#contract/users';

let pending: PhoneVerificationStarted | null = null;

export const pendingPhoneCode = {
  set(started: PhoneVerificationStarted) {
    pending = started;
  },
  peek: (): PhoneVerificationStarted | null => pending,
  clear() {
    pending = null;
  },
};
