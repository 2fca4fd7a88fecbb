import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '#contract/api-errors';
import { fr } from '#contract/messages';
import {
  MarkAllReadResultSchema,
  NotificationListQuerySchema,
  NotificationListSchema,
  NotificationSettingsResponseSchema,
  NotificationSettingsUpdateSchema,
  RegisterTokenResultSchema,
  RegisterTokenSchema,
  TestNotificationResultSchema,
  UnreadCountSchema,
  VapidPublicKeySchema,
} from '#contract/notifications';
import type { AppDeps } from '../../deps';
import { principalOf } from '../../platform/auth-guard';
import { AppError } from '../../platform/errors';
import {
  countSubscriptions,
  createTestNotification,
  getSettings,
  listNotifications,
  markAllRead,
  markRead,
  registerSubscription,
  unreadCount,
  updateSettings,
} from './notifications.service';
import type { PushDispatcher } from './push-outbox';

export async function notificationsRoutes(fastify: FastifyInstance, { deps, push }: { deps: AppDeps; push: PushDispatcher }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const guarded = { onRequest: app.requireUser };
  const tags = ['notifications'];

  app.get('/notifications', { ...guarded, schema: { querystring: NotificationListQuerySchema, tags, response: { 200: NotificationListSchema, ...errorResponses(400, 401) } } }, async (request) =>
    listNotifications(deps.db, principalOf(request), request.query.page, request.query.limit),
  );

  // What the bell polls: one indexed count.
  app.get('/notifications/unread-count', { ...guarded, schema: { tags, response: { 200: UnreadCountSchema, ...errorResponses(401) } } }, async (request) => ({
    unread_count: await unreadCount(deps.db, principalOf(request).userId),
  }));

  app.put('/notifications/mark-all-read', { ...guarded, schema: { tags, response: { 200: MarkAllReadResultSchema, ...errorResponses(401) } } }, async (request) =>
    markAllRead(deps.db, principalOf(request)),
  );

  app.put('/notifications/:id/read', { ...guarded, schema: { params: z.object({ id: z.string() }), tags, response: { 200: UnreadCountSchema, ...errorResponses(400, 401, 404) } } }, async (request) =>
    markRead(deps.db, principalOf(request), request.params.id),
  );

  app.get('/notifications/settings', { ...guarded, schema: { tags, response: { 200: NotificationSettingsResponseSchema, ...errorResponses(401) } } }, async (request) =>
    getSettings(deps.db, principalOf(request).userId),
  );

  app.put('/notifications/settings', { ...guarded, schema: { body: NotificationSettingsUpdateSchema, tags, response: { 200: NotificationSettingsResponseSchema, ...errorResponses(400, 401) } } }, async (request) =>
    updateSettings(deps.db, principalOf(request), request.body, deps.now()),
  );

  app.get('/notifications/vapid-public-key', { schema: { tags, response: { 200: VapidPublicKeySchema } } }, async () => ({ public_key: push.publicKey }));

  const registered = { 201: RegisterTokenResultSchema, ...errorResponses(400, 401, 409, 422) };
  app.post('/notifications/register-token', { ...guarded, schema: { body: RegisterTokenSchema, tags, response: registered } }, async (request, reply) => {
    const subscription = request.body.fcm_token;
    if (!push.acceptsEndpoint(subscription.endpoint)) throw new AppError('PUSH_ENDPOINT_REFUSED');
    await registerSubscription(deps.db, principalOf(request), subscription, request.headers['user-agent'], deps.now());
    return reply.status(201).send({ registered: true });
  });

  // Sends at once (not left to the after-response pass) so the answer can say how many devices got it.
  app.post('/notifications/test', { ...guarded, schema: { tags, response: { 200: TestNotificationResultSchema, ...errorResponses(401) } } }, async (request) => {
    const principal = principalOf(request);
    await createTestNotification(deps.db, principal, deps.now());
    await push.flush();
    return { message: fr.notifications.testSent, devices: await countSubscriptions(deps.db, principal.userId) };
  });
}
