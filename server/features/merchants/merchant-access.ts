// Who is a merchant: the account's merchant row (one account, one store), and the guard of the
// merchant space's writes — only an approved merchant publishes, and only for its own store.
import { eq } from 'drizzle-orm';
import type { Merchant } from '#contract/merchants';
import type { DbOrTx } from '../../db/client';
import { merchants, stores } from '../../db/schema';
import { AppError } from '../../platform/errors';

export type MerchantRow = typeof merchants.$inferSelect;
export type MerchantWithStore = { merchant: MerchantRow; store: typeof stores.$inferSelect };

/** The account's merchant application with its store, or undefined. */
export async function merchantOfUser(db: DbOrTx, userId: string): Promise<MerchantWithStore | undefined> {
  const [row] = await db.select({ merchant: merchants, store: stores }).from(merchants).innerJoin(stores, eq(stores.id, merchants.storeId)).where(eq(merchants.userId, userId));
  return row;
}

/** The account's approved merchant account: 404 without an application, 403 (French) while it is not approved. */
export async function approvedMerchant(db: DbOrTx, userId: string): Promise<MerchantWithStore> {
  const found = await merchantOfUser(db, userId);
  if (!found) throw new AppError('MERCHANT_NOT_FOUND');
  if (found.merchant.status !== 'approved') throw new AppError('MERCHANT_NOT_APPROVED');
  return found;
}

export function toApiMerchant({ merchant, store }: MerchantWithStore): Merchant {
  return {
    id: merchant.id,
    store: { store_id: store.id, name: store.name, address: store.address, city: store.city, district: store.district },
    manager_name: merchant.managerName,
    phone: merchant.phone,
    status: merchant.status,
    review_reason: merchant.reviewReason,
    created_at: merchant.createdAt.toISOString(),
    reviewed_at: merchant.reviewedAt?.toISOString() ?? null,
  };
}
