// The seam between MonPanier and an SMS gateway, like platform/payments for operators: the phone
// verification codes go through one `SmsSender`. Twilio's Messages API when it is configured
// (twilio.ts); otherwise, in demo mode only, each message is written to a file under DATA_DIR/sms
// (demo-outbox.ts) and the code is shown on screen, marked « mode démo ». Without either, no code
// can be sent: registration answers 503 and says so, it never pretends.
import path from 'node:path';
import type { Config } from '../../config';
import { demoOutbox } from './demo-outbox';
import { twilioSender } from './twilio';

export type SmsMessage = { to: string; body: string };

export type SmsSender = {
  /** 'twilio', or 'demo_files' (nothing leaves the machine: the code is shown on screen). */
  readonly kind: 'twilio' | 'demo_files';
  /** For the start-up log: where messages go. */
  readonly description: string;
  /** Sends one message; throws SmsSendError. Answers the gateway's reference. */
  send(message: SmsMessage): Promise<{ reference: string }>;
};

export class SmsSendError extends Error {
  /** `permanent`: the gateway refuses this number (not a mobile, a region not served); else try again later. */
  constructor(
    message: string,
    readonly permanent: boolean,
  ) {
    super(message);
    this.name = 'SmsSendError';
  }
}

export const SMS_FOLDER = 'sms';

/** Twilio when configured, else the demo outbox in demo mode, else none. */
export function createSmsSender(config: Pick<Config, 'sms' | 'demoMode' | 'dataDir'>): SmsSender | null {
  if (config.sms.twilio) return twilioSender(config.sms.twilio, config.sms.timeoutMs);
  if (config.demoMode) return demoOutbox(path.join(config.dataDir, SMS_FOLDER));
  return null;
}
