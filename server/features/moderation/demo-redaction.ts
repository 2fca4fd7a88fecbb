// Demo mode publishes the demo moderator's password: that account moderates, but it is a demo, not a
// back door. Every /api/admin answer it receives has the contact details of real people (e-mail,
// phone, delivery address, client address) masked; those of the demo accounts themselves stay.
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { fr } from '#contract/messages';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';

const CONTACT_KEYS = new Set(['email', 'phone', 'phone_number', 'customer_email', 'customer_phone', 'delivery_address', 'ip', 'payer_msisdn']);

export function registerDemoRedaction(app: FastifyInstance, db: Db): void {
  app.addHook('onSend', async (request, reply, payload) => {
    const principal = request.principal;
    if (!principal?.isDemo || principal.userType !== 'admin' || !request.url.startsWith('/api/admin')) return payload;
    if (typeof payload !== 'string' || !String(reply.getHeader('content-type') ?? '').includes('json')) return payload;
    const demo = await demoContacts(db);
    return JSON.stringify(redactContacts(JSON.parse(payload), demo));
  });
}

/** The demo accounts' own e-mails and phones: the only contact details a demo moderator sees. */
async function demoContacts(db: Db): Promise<Set<string>> {
  const rows = await db.select({ email: users.email, phone: users.phone }).from(users).where(eq(users.isDemo, true));
  return new Set(rows.flatMap((r) => [r.email, r.phone]));
}

export function redactContacts(value: unknown, keep: Set<string>): unknown {
  if (Array.isArray(value)) return value.map((v) => redactContacts(v, keep));
  if (!value || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, v]) => [
      key,
      CONTACT_KEYS.has(key) && typeof v === 'string' && v !== '' && !keep.has(v) ? fr.phone.demoMasked : redactContacts(v, keep),
    ]),
  );
}
