// /verify-phone: the 6-digit code sent by SMS makes the account the person of its number (one voice
// for prices). Registration arrives here with the code already sent (web/lib/pending-phone-code.ts);
// opened later (from /contribute), the page asks for a code first. In demo mode no SMS leaves the
// machine: the code is shown on the screen, marked « mode démo ».
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { CheckCircle2, MessageSquareText } from 'lucide-react';
import { type FormEvent, useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { fr } from '#contract/messages';
import type { PhoneStatus, PhoneVerificationStarted, User } from '#contract/users';
import { api, errorMessage } from '../../lib/api';
import { notifyError, notifySuccess } from '../../lib/notify';
import { pendingPhoneCode } from '../../lib/pending-phone-code';
import { updateUser } from '../../lib/session';
import { Button, buttonClasses } from '../../ui/Button';
import { TextField } from '../../ui/Field';
import { PageLoader } from '../../ui/Spinner';
import { AuthCard } from './AuthCard';

const texts = fr.phone;
const PHONE_STATUS_KEY = ['auth', 'phone'] as const;

/** Where to go once verified: a path of this site only (never another origin). */
function nextPath(raw: string | null): string {
  return raw && raw.startsWith('/') && !raw.startsWith('//') ? raw : '/dashboard';
}

/** Seconds left before another code may be asked, counting down. */
function useCountdown(seconds: number, since: PhoneVerificationStarted | null): number {
  const [left, setLeft] = useState(seconds);
  useEffect(() => {
    setLeft(seconds);
    if (seconds <= 0) return;
    const timer = window.setInterval(() => setLeft((s) => Math.max(0, s - 1)), 1000);
    return () => window.clearInterval(timer);
  }, [seconds, since]);
  return left;
}

export function VerifyPhonePage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const next = nextPath(params.get('next'));
  const [started, setStarted] = useState<PhoneVerificationStarted | null>(pendingPhoneCode.peek);
  useEffect(() => pendingPhoneCode.clear(), []);
  const status = useQuery({ queryKey: PHONE_STATUS_KEY, queryFn: () => api.get<PhoneStatus>('/auth/phone') });
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | undefined>();
  const [sending, setSending] = useState(false);
  const [verifying, setVerifying] = useState(false);
  const resendLeft = useCountdown(started?.resend_after_seconds ?? 0, started);

  const sendCode = async () => {
    setSending(true);
    try {
      setStarted(await api.post<PhoneVerificationStarted>('/auth/phone/code', {}));
      setCodeError(undefined);
    } catch (error) {
      notifyError(errorMessage(error, texts.smsFailed));
    } finally {
      setSending(false);
    }
  };

  const verify = async (event: FormEvent) => {
    event.preventDefault();
    const typed = code.replace(/\s/g, '');
    if (!/^\d{6}$/.test(typed)) return setCodeError(texts.codeFormat);
    setVerifying(true);
    try {
      const user = await api.post<User>('/auth/phone/verify', { code: typed });
      updateUser(user);
      await queryClient.invalidateQueries({ queryKey: PHONE_STATUS_KEY });
      notifySuccess(texts.verified);
      navigate(next, { replace: true });
    } catch (error) {
      setCodeError(errorMessage(error, fr.common.unknownError));
    } finally {
      setVerifying(false);
    }
  };

  if (status.isPending) return <PageLoader />;
  const phone = status.data;

  if (phone?.phone_verified && !phone.pending_phone_masked) {
    return (
      <AuthCard title={texts.verifyTitle} subtitle={texts.alreadyVerifiedHint}>
        <p role="status" className="mb-5 flex gap-2.5 rounded-xl border border-brand-200 bg-brand-50 p-4 text-sm font-medium text-brand-900">
          <CheckCircle2 size={20} className="mt-0.5 shrink-0 text-brand-700" aria-hidden="true" />
          <span>
            {texts.alreadyVerified} ({phone.phone_masked})
          </span>
        </p>
        <Link to={next} className={buttonClasses({ block: true })}>
          {texts.continue}
        </Link>
      </AuthCard>
    );
  }

  const masked = phone?.pending_phone_masked ?? phone?.phone_masked ?? started?.phone_masked ?? '';
  return (
    <AuthCard title={texts.verifyTitle} subtitle={texts.verifySubtitle}>
      {phone && !phone.sms_available && !started?.demo_code ? (
        <p role="alert" className="mb-4 rounded-xl border border-amber-200 bg-amber-50 p-4 text-sm text-amber-900">
          {texts.smsUnavailable}
        </p>
      ) : null}
      {started ? (
        <div className="space-y-4">
          <p role="status" className="flex gap-2.5 text-sm text-slate-700">
            <MessageSquareText size={20} className="mt-0.5 shrink-0 text-brand-700" aria-hidden="true" />
            <span>{started.detail}</span>
          </p>
          {started.demo_code ? (
            <p data-testid="demo-code" className="rounded-xl border border-dashed border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
              <span className="mr-2 rounded bg-amber-200 px-1.5 py-0.5 text-xs font-semibold uppercase tracking-wide">{texts.demoBadge}</span>
              {texts.demoCode} <strong className="font-mono text-base tracking-widest">{started.demo_code}</strong>
            </p>
          ) : null}
          <form onSubmit={verify} noValidate className="space-y-4">
            <TextField
              label={texts.codeLabel}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={8}
              value={code}
              onChange={(e) => {
                setCode(e.target.value);
                setCodeError(undefined);
              }}
              error={codeError}
              className="font-mono tracking-widest"
            />
            <Button type="submit" block size="lg" busy={verifying} busyLabel={texts.verifying}>
              {texts.verifySubmit}
            </Button>
          </form>
          <Button type="button" variant="outline" block disabled={resendLeft > 0 || sending} busy={sending} busyLabel={texts.sending} onClick={sendCode}>
            {resendLeft > 0 ? texts.resendIn(resendLeft) : texts.resend}
          </Button>
        </div>
      ) : (
        <Button type="button" block size="lg" busy={sending} busyLabel={texts.sending} disabled={phone ? !phone.sms_available : false} onClick={sendCode}>
          {texts.sendCode(masked)}
        </Button>
      )}
      <p className="mt-5 text-xs text-slate-500">{texts.probationNote}</p>
      <p className="mt-4 text-center text-sm">
        <Link to={next} className="font-semibold text-brand-700 hover:underline">
          {texts.later}
        </Link>
      </p>
    </AuthCard>
  );
}
