// A local stand-in for Twilio's Messages API (platform/sms/twilio.ts), for tests: a real HTTP server
// on 127.0.0.1 that checks what Twilio checks (Basic auth with the account's SID and token, the
// account in the path, a form body with To, Body and From or MessagingServiceSid) and answers as
// Twilio does (201 with a message resource; errors as { code, message, status }). It keeps the
// messages it accepted, so a test reads the code "received" on the phone.
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export const TWILIO_STAND_IN = { accountSid: 'AC00000000000000000000000000000042', authToken: 'stand-in-auth-token', from: 'MonPanier' };

/** How messages to a number are answered from now on. */
export type SmsBehaviour = 'accept' | 'invalid_number' | 'server_down' | 'hang';

export type ReceivedSms = { to: string; body: string; from: string | null; messagingServiceSid: string | null; validityPeriod: string | null; sid: string };

export type TwilioStandIn = {
  baseUrl: string;
  messages: ReceivedSms[];
  /** Requests refused before any message (wrong credentials, malformed). */
  refused: () => number;
  behave: (to: string, behaviour: SmsBehaviour) => void;
  /** The 6-digit code of the latest message to this number. */
  lastCodeFor: (to: string) => string | null;
  close: () => Promise<void>;
};

export async function startTwilioStandIn(): Promise<TwilioStandIn> {
  const messages: ReceivedSms[] = [];
  const behaviours = new Map<string, SmsBehaviour>();
  const sockets = new Set<Socket>();
  let refused = 0;
  const expectedAuth = `Basic ${Buffer.from(`${TWILIO_STAND_IN.accountSid}:${TWILIO_STAND_IN.authToken}`).toString('base64')}`;

  const answer = (res: ServerResponse, status: number, body: object) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const error = (res: ServerResponse, status: number, code: number, message: string) => {
    refused += 1;
    answer(res, status, { code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status });
  };

  const server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const path = `/2010-04-01/Accounts/${TWILIO_STAND_IN.accountSid}/Messages.json`;
    if (req.method !== 'POST' || req.url !== path) return error(res, 404, 20404, 'The requested resource was not found');
    if (req.headers.authorization !== expectedAuth) return error(res, 401, 20003, 'Authenticate');
    if (!String(req.headers['content-type']).startsWith('application/x-www-form-urlencoded')) return error(res, 400, 20001, 'Bad content type');
    const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
    const to = form.get('To');
    const body = form.get('Body');
    if (!to || !body) return error(res, 400, 21604, "A 'To' phone number and a 'Body' are required");
    if (!form.get('From') && !form.get('MessagingServiceSid')) return error(res, 400, 21603, "A 'From' or 'MessagingServiceSid' parameter is required");
    const behaviour = behaviours.get(to) ?? 'accept';
    if (behaviour === 'hang') return; // never answered
    if (behaviour === 'server_down') return error(res, 503, 20500, 'Service unavailable');
    if (behaviour === 'invalid_number' || !/^\+\d{8,15}$/.test(to)) return error(res, 400, 21211, `The 'To' number ${to} is not a valid phone number.`);
    const sid = `SM${randomBytes(16).toString('hex')}`;
    messages.push({ to, body, from: form.get('From'), messagingServiceSid: form.get('MessagingServiceSid'), validityPeriod: form.get('ValidityPeriod'), sid });
    answer(res, 201, { sid, account_sid: TWILIO_STAND_IN.accountSid, to, body, status: 'queued', error_code: null, error_message: null });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    messages,
    refused: () => refused,
    behave: (to, behaviour) => behaviours.set(to, behaviour),
    lastCodeFor: (to) => {
      const last = [...messages].reverse().find((m) => m.to === to);
      return last ? (/\b(\d{6})\b/.exec(last.body)?.[1] ?? null) : null;
    },
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
