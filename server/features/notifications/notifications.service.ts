// Storing notifications. Delivery to the browser (badge, panel, web push) is built on these rows.
import type { DbOrTx } from '../../db/client';
import { notifications } from '../../db/schema';

export type NotificationType = 'order_status' | 'delivery_update' | 'price_alert' | 'promotional' | 'other';
export type NewNotification = { userId: string; type: NotificationType; title: string; body: string; data?: Record<string, unknown> };

export async function createNotifications(db: DbOrTx, rows: NewNotification[], now: Date): Promise<void> {
  if (rows.length === 0) return;
  await db.insert(notifications).values(rows.map((r) => ({ ...r, data: r.data ?? null, createdAt: now })));
}
