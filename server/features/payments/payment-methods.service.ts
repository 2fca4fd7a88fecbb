// Payment methods: mobile money numbers, cards and cash on delivery. A card is reduced to its brand,
// last four digits, holder and expiry before anything is written: the full number never reaches
// the database. Each user with at least one method has exactly one default: every change to a
// user's methods runs under one per-user lock, so two "first" methods added at the same instant
// are taken one after the other (the second is not the default) instead of colliding on the
// unique default index.
import { and, desc, eq, ne, sql } from 'drizzle-orm';
import { cardDigits, detectCardBrand, expiryProblem, isMobileMoney, maskedCard, PAYMENT_METHODS_MAX, type CardBrand, type PaymentMethod, type PaymentMethodParsed } from '#contract/payments';
import type { PaymentType } from '#contract/orders';
import type { DbOrTx, Tx } from '../../db/client';
import { paymentMethods } from '../../db/schema';
import type { AppDeps } from '../../deps';
import type { Principal } from '../../platform/auth-guard';
import { AppError } from '../../platform/errors';

export type PaymentMethodRow = typeof paymentMethods.$inferSelect;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function toApiPaymentMethod(row: PaymentMethodRow): PaymentMethod {
  const base = { id: row.id, method_type: row.methodType as PaymentType, display_name: row.displayName, is_default: row.isDefault, created_at: row.createdAt.toISOString() };
  if (row.methodType === 'card') {
    return {
      ...base,
      details: {
        card_number: maskedCard(row.cardLast4 ?? ''),
        card_brand: (row.cardBrand ?? 'other') as CardBrand,
        card_last4: row.cardLast4 ?? '',
        card_name: row.cardName ?? '',
        expiry_month: String(row.expiryMonth ?? '').padStart(2, '0'),
        expiry_year: row.expiryYear ?? 0,
      },
    };
  }
  if (row.methodType === 'cash') return { ...base, details: { payment_on_delivery: true } };
  return { ...base, details: { phone_number: row.phoneNumber ?? '' } };
}

export async function listPaymentMethods(deps: AppDeps, principal: Principal): Promise<{ payment_methods: PaymentMethod[] }> {
  const rows = await deps.db
    .select()
    .from(paymentMethods)
    .where(eq(paymentMethods.userId, principal.userId))
    .orderBy(desc(paymentMethods.isDefault), desc(paymentMethods.createdAt));
  return { payment_methods: rows.map(toApiPaymentMethod) };
}

/** The columns a method is stored as; for a card, only what may be kept. */
function storedFields(input: PaymentMethodParsed, now: Date) {
  const d = input.details;
  if (isMobileMoney(input.method_type)) return { phoneNumber: (d.phone_number ?? '').replace(/\s+/g, ' ').trim() };
  if (input.method_type === 'card') {
    const digits = cardDigits(d.card_number ?? '');
    const month = Number(d.expiry_month);
    const year = Number(d.expiry_year);
    const problem = expiryProblem(month, year, now);
    if (problem === 'expired') throw new AppError('CARD_EXPIRED');
    if (problem === 'too_far') throw new AppError('CARD_EXPIRY_INVALID');
    return { cardBrand: detectCardBrand(digits), cardLast4: digits.slice(-4), cardName: (d.card_name ?? '').toUpperCase(), expiryMonth: month, expiryYear: year };
  }
  return {};
}

/** Serialises one user's changes to their methods until the transaction ends (both databases). */
async function lockMethodsOf(tx: Tx, userId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`payment_methods:${userId}`}, 0))`);
}

export async function addPaymentMethod(deps: AppDeps, principal: Principal, input: PaymentMethodParsed): Promise<PaymentMethod> {
  const now = deps.now();
  const fields = storedFields(input, now);
  const row = await deps.db.transaction(async (tx) => {
    await lockMethodsOf(tx, principal.userId);
    const existing = await tx.select({ id: paymentMethods.id }).from(paymentMethods).where(eq(paymentMethods.userId, principal.userId));
    if (existing.length >= PAYMENT_METHODS_MAX) throw new AppError('PAYMENT_METHOD_LIMIT');
    // The first method is the default; a new default takes the place of the old one.
    const isDefault = input.is_default || existing.length === 0;
    if (isDefault) await tx.update(paymentMethods).set({ isDefault: false }).where(and(eq(paymentMethods.userId, principal.userId), eq(paymentMethods.isDefault, true)));
    const [inserted] = await tx
      .insert(paymentMethods)
      .values({ userId: principal.userId, methodType: input.method_type, displayName: input.display_name, isDefault, createdAt: now, ...fields })
      .returning();
    return inserted;
  });
  return toApiPaymentMethod(row);
}

/** The user's own method, or 404 (another user's method too). */
export async function findOwnPaymentMethod(db: DbOrTx, userId: string, id: string): Promise<PaymentMethodRow> {
  if (!UUID.test(id)) throw new AppError('PAYMENT_METHOD_NOT_FOUND');
  const [row] = await db.select().from(paymentMethods).where(and(eq(paymentMethods.id, id), eq(paymentMethods.userId, userId)));
  if (!row) throw new AppError('PAYMENT_METHOD_NOT_FOUND');
  return row;
}

export async function deletePaymentMethod(deps: AppDeps, principal: Principal, id: string): Promise<void> {
  await deps.db.transaction(async (tx) => {
    await lockMethodsOf(tx, principal.userId);
    const row = await findOwnPaymentMethod(tx, principal.userId, id);
    await tx.delete(paymentMethods).where(eq(paymentMethods.id, row.id));
    if (!row.isDefault) return;
    // The most recent remaining method becomes the default.
    const [next] = await tx
      .select({ id: paymentMethods.id })
      .from(paymentMethods)
      .where(and(eq(paymentMethods.userId, principal.userId), ne(paymentMethods.id, row.id)))
      .orderBy(desc(paymentMethods.createdAt))
      .limit(1);
    if (next) await tx.update(paymentMethods).set({ isDefault: true }).where(eq(paymentMethods.id, next.id));
  });
}

export async function makeDefaultPaymentMethod(deps: AppDeps, principal: Principal, id: string): Promise<PaymentMethod> {
  const row = await deps.db.transaction(async (tx) => {
    await lockMethodsOf(tx, principal.userId);
    const own = await findOwnPaymentMethod(tx, principal.userId, id);
    await tx.update(paymentMethods).set({ isDefault: false }).where(and(eq(paymentMethods.userId, principal.userId), eq(paymentMethods.isDefault, true)));
    const [updated] = await tx.update(paymentMethods).set({ isDefault: true }).where(eq(paymentMethods.id, own.id)).returning();
    return updated;
  });
  return toApiPaymentMethod(row);
}
