// Notifications (spec part 1 sections 3, 7): the list, the settings and the push subscription.
import { z } from './zod';
import { NOTIFICATIONS_PAGE_SIZE } from './constants';
import { fr } from './messages';

export const NOTIFICATION_TYPES = ['order_status', 'delivery_update', 'price_alert', 'promotional', 'other'] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

export const NotificationSchema = z.object({
  id: z.string(),
  type: z.enum(NOTIFICATION_TYPES),
  title: z.string(),
  body: z.string(),
  read: z.boolean(),
  created_at: z.string(),
  /** Where the notification leads (order id, product id…), when it has a subject. */
  data: z.record(z.string(), z.unknown()).nullable(),
});
export type Notification = z.infer<typeof NotificationSchema>;

/** GET /api/notifications. */
export const NotificationListSchema = z.object({
  notifications: z.array(NotificationSchema),
  pagination: z.object({ page: z.number(), limit: z.number(), total: z.number(), pages: z.number() }),
  unread_count: z.number(),
});
export type NotificationList = z.infer<typeof NotificationListSchema>;

/** What the bell shows: GET /api/notifications/unread-count and PUT /api/notifications/{id}/read. */
export const UnreadCountSchema = z.object({ unread_count: z.number() });
/** PUT /api/notifications/mark-all-read: how many were unread. */
export const MarkAllReadResultSchema = UnreadCountSchema.extend({ updated: z.number() });
/** GET /api/notifications/vapid-public-key: the key a browser subscribes to push with. */
export const VapidPublicKeySchema = z.object({ public_key: z.string() });
/** POST /api/notifications/register-token (201). */
export const RegisterTokenResultSchema = z.object({ registered: z.literal(true) });
/** POST /api/notifications/test: the French confirmation and how many devices got the push. */
export const TestNotificationResultSchema = z.object({ message: z.string(), devices: z.number() });

export const NotificationListQuerySchema = z.object({
  page: z.coerce.number({ error: fr.common.invalidValue }).int().min(1).max(10_000).default(1),
  limit: z.coerce.number({ error: fr.common.invalidValue }).int().min(1).max(50).default(NOTIFICATIONS_PAGE_SIZE),
});

/** 'HH:MM' (Libreville time); an empty value clears the bound. */
const quietHour = z
  .string({ error: fr.notifications.quietHoursInvalid })
  .trim()
  .regex(/^(?:|([01]\d|2[0-3]):[0-5]\d)$/, { error: fr.notifications.quietHoursInvalid })
  .nullable()
  .transform((v) => (v ? v : null));

export const NotificationSettingsSchema = z.object({
  order_status_notifications: z.boolean(),
  delivery_updates: z.boolean(),
  price_alerts: z.boolean(),
  promotional_notifications: z.boolean(),
  email_notifications: z.boolean(),
  sms_notifications: z.boolean(),
  quiet_hours_start: quietHour,
  quiet_hours_end: quietHour,
});
export type NotificationSettings = z.output<typeof NotificationSettingsSchema>;

/** The settings as the API answers them (GET and PUT /api/notifications/settings): the parsed form, no transforms. */
export const NotificationSettingsResponseSchema = z.object({
  ...NotificationSettingsSchema.shape,
  quiet_hours_start: z.string().nullable(),
  quiet_hours_end: z.string().nullable(),
});

/** Spec defaults: order status, delivery updates, price alerts and email on; promotional and sms off; quiet hours empty. */
export const DEFAULT_NOTIFICATION_SETTINGS: NotificationSettings = {
  order_status_notifications: true,
  delivery_updates: true,
  price_alerts: true,
  promotional_notifications: false,
  email_notifications: true,
  sms_notifications: false,
  quiet_hours_start: null,
  quiet_hours_end: null,
};

export const SETTING_TOGGLES = [
  'order_status_notifications',
  'delivery_updates',
  'price_alerts',
  'promotional_notifications',
  'email_notifications',
  'sms_notifications',
] as const;

/** PUT /api/notifications/settings carries only the changed field (one or more). */
export const NotificationSettingsUpdateSchema = NotificationSettingsSchema.partial()
  .strict()
  .refine((v) => Object.keys(v).length > 0, { error: fr.notifications.settingsEmpty });
export type NotificationSettingsUpdate = z.input<typeof NotificationSettingsUpdateSchema>;

/** A browser push subscription (PushSubscription.toJSON()). */
export const PushSubscriptionSchema = z.object(
  {
  endpoint: z.string().url({ error: fr.notifications.subscriptionInvalid }).max(2000),
  keys: z.object({
    p256dh: z.string().regex(/^[A-Za-z0-9_-]{80,100}={0,2}$/, { error: fr.notifications.subscriptionInvalid }),
    auth: z.string().regex(/^[A-Za-z0-9_-]{16,30}={0,2}$/, { error: fr.notifications.subscriptionInvalid }),
  }, { error: fr.notifications.subscriptionInvalid }),
  },
  { error: fr.notifications.subscriptionInvalid },
);
export type PushSubscriptionJson = z.infer<typeof PushSubscriptionSchema>;

/**
 * POST /api/notifications/register-token: the spec's `fcm_token` field carries the standard web-push
 * subscription, as the JSON text of PushSubscription.toJSON() (or the object itself).
 */
export const RegisterTokenSchema = z.object({
  fcm_token: z.preprocess((value) => {
    if (typeof value !== 'string') return value;
    try {
      return JSON.parse(value);
    } catch {
      return value;
    }
  }, PushSubscriptionSchema),
});

/** What the service worker receives in a push message. */
export type PushPayload = { id: string; type: NotificationType; title: string; body: string; url: string; unread_count?: number };
