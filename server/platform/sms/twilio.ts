// Twilio's Messages API (https://www.twilio.com/docs/messaging/api/message-resource), what this
// adapter relies on:
//   POST {base}/2010-04-01/Accounts/{AccountSid}/Messages.json, HTTP Basic auth (AccountSid:AuthToken),
//   form-encoded To (E.164), Body, and From (a Twilio number or an alphanumeric sender ID, which
//   Gabon's networks accept) or MessagingServiceSid; ValidityPeriod (seconds) drops a code the
//   network could not deliver in time. 201 → JSON { sid, status }. Errors → JSON { code, message,
//   status }: 21211 invalid 'To', 21214/21614 not a mobile, 21408 region not enabled, 21610
//   unsubscribed, 21612 cannot route — this number will never work; anything else (auth, 429, 5xx,
//   a timeout) may work later.
import type { SmsSender } from './sms-sender';
import { SmsSendError } from './sms-sender';

export type TwilioSettings = { baseUrl: string; accountSid: string; authToken: string; from?: string; messagingServiceSid?: string };

const PERMANENT_CODES = new Set([21211, 21214, 21408, 21610, 21612, 21614]);
/** A verification code is worthless after it expires: the network may drop it after 10 minutes. */
const VALIDITY_SECONDS = 600;

export function twilioSender(settings: TwilioSettings, timeoutMs: number): SmsSender {
  const url = `${settings.baseUrl}/2010-04-01/Accounts/${encodeURIComponent(settings.accountSid)}/Messages.json`;
  const authorization = `Basic ${Buffer.from(`${settings.accountSid}:${settings.authToken}`).toString('base64')}`;
  return {
    kind: 'twilio',
    description: `Twilio (${settings.baseUrl})`,
    async send(message) {
      const form = new URLSearchParams({ To: message.to, Body: message.body, ValidityPeriod: String(VALIDITY_SECONDS) });
      if (settings.messagingServiceSid) form.set('MessagingServiceSid', settings.messagingServiceSid);
      else if (settings.from) form.set('From', settings.from);
      let response: Response;
      try {
        response = await fetch(url, {
          method: 'POST',
          headers: { authorization, 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
          body: form,
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (error) {
        throw new SmsSendError(`Twilio injoignable : ${(error as Error).name}`, false);
      }
      const body = (await response.json().catch(() => null)) as { sid?: string; code?: number; message?: string } | null;
      if (response.ok && typeof body?.sid === 'string') return { reference: body.sid };
      const code = typeof body?.code === 'number' ? body.code : null;
      throw new SmsSendError(`Twilio a refusé le message (HTTP ${response.status}${code ? `, code ${code}` : ''})`, code !== null && PERMANENT_CODES.has(code));
    },
  };
}
