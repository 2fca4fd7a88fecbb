// Wires web push into the app: VAPID keys from the data dir, the sender, and the outbox dispatcher
// (the 'push-outbox' job), kicked after every API write (its transaction has committed by the time
// the response is sent).
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import type { JobQueue } from '../../platform/jobs/job-queue';
import { loadOrCreateVapidKeys } from '../../platform/push/vapid-keys';
import { createPushSender, pushEndpointPolicy } from '../../platform/push/web-push-sender';
import { createPushDispatcher, type PushDispatcher } from './push-outbox';

declare module 'fastify' {
  interface FastifyInstance {
    pushDispatcher: PushDispatcher;
  }
}

export type PushOptions = {
  /** Origins accepted besides the known push services: only tests give one (their local stand-in). */
  pushServiceOrigins?: readonly string[];
};

export async function registerPush(app: FastifyInstance, deps: AppDeps, jobs: JobQueue, options: PushOptions = {}): Promise<PushDispatcher> {
  const keys = await loadOrCreateVapidKeys(deps.config.dataDir, deps.db);
  const sender = createPushSender(keys, { acceptsEndpoint: pushEndpointPolicy(options.pushServiceOrigins) });
  const dispatcher = createPushDispatcher(deps.db, sender, deps.now, {
    jobs,
    onError: (error) => app.log.error({ err: error }, 'envoi des notifications push'),
  });
  app.decorate('pushDispatcher', dispatcher);
  app.addHook('onResponse', async (request) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') dispatcher.kick();
  });
  app.addHook('onClose', async () => dispatcher.stop());
  return dispatcher;
}
