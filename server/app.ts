// buildApp(deps): every plugin and feature route on one Fastify instance. main.ts listens on it;
// tests call app.inject() on it.
import { existsSync } from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import compress from '@fastify/compress';
import helmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from './config';
import type { AppDeps } from './deps';
import { registerAuthGuards } from './platform/auth-guard';
import { registerCacheInvalidation } from './platform/cache-invalidation';
import { COMPRESSION_THRESHOLD_BYTES } from './platform/compression';
import { type JobQueueSettings, registerJobQueue } from './platform/jobs/register-jobs';
import { registerLifecycle } from './platform/lifecycle';
import { createReadinessCheck } from './platform/readiness';
import { AppError, registerErrorHandling } from './platform/errors';
import { type LogDestination, loggerOptions } from './platform/logging';
import { registerPrivateResponses } from './platform/private-responses';
import { registerInputGuards, urlLimits } from './platform/request-input';
import { UPLOADS_URL_PREFIX } from './platform/storage';
import { registerUploads } from './platform/uploads-route';
import { authRoutes } from './features/auth/auth.routes';
import { resolvePrincipal } from './features/auth/auth.service';
import { createTokenService, loadSigningKey } from './features/auth/tokens';
import { createPhoneVerification } from './features/auth/phone-verification';
import { createSmsSender } from './platform/sms/sms-sender';
import { dashboardRoutes } from './features/dashboard/dashboard.routes';
import { profileRoutes } from './features/profile/profile.routes';
import { configRoutes } from './features/config/config.routes';
import { agentRoutes } from './features/agent/agent.routes';
import { handoverRoutes } from './features/agent/handover.routes';
import { deliveriesRoutes } from './features/deliveries/deliveries.routes';
import { notificationsRoutes } from './features/notifications/notifications.routes';
import { type PushOptions, registerPush } from './features/notifications/push-setup';
import { registerMail } from './features/notifications/mail-setup';
import { listsRoutes } from './features/lists/lists.routes';
import { paymentMethodsRoutes } from './features/payments/payment-methods.routes';
import { optimiserRoutes } from './features/optimiser/optimiser.routes';
import { checkoutRoutes } from './features/checkout/checkout.routes';
import { paymentCallbackRoutes } from './features/checkout/payment-callbacks.routes';
import { registerPaymentReconciler } from './features/checkout/payment-reconciler';
import { createPaymentProviders } from './platform/payments/providers';
import { productsRoutes } from './features/products/products.routes';
import { storesRoutes } from './features/stores/stores.routes';
import { pricesRoutes } from './features/prices/prices.routes';
import { registerOutlierJob } from './features/prices/outlier-job';
import { registerProbationJob } from './features/prices/probation';
import { moderationRoutes } from './features/moderation/moderation.routes';
import { catalogueRemovalRoutes } from './features/moderation/catalogue-removal.routes';
import { registerCataloguePurgeJob } from './features/moderation/catalogue-removal.service';
import { registerPopularityJob } from './features/products/product-popularity';
import { registerDemoRedaction } from './features/moderation/demo-redaction';
import { importsRoutes } from './features/imports/imports.routes';
import { recognitionRoutes } from './features/recognition/recognition.routes';
import { priceTagsRoutes } from './features/prices/price-tags/price-tags.routes';
import { receiptsRoutes } from './features/prices/receipts/receipts.routes';
import { bannerRoutes } from './features/ads/banner.routes';
import { adsRoutes } from './features/ads/ads.routes';
import { adsAdminRoutes } from './features/ads/ads-admin.routes';
import { merchantsRoutes } from './features/merchants/merchants.routes';
import { priceListsRoutes } from './features/merchants/price-lists.routes';
import { registerAdExpiryJob } from './features/ads/ad-expiry-job';
import { createOcrPool, type OcrPool } from './platform/ocr/ocr-pool';

// French messages for every zod check that has no message of its own.
z.config(z.locales.fr());

const API_PREFIX = '/api';

/**
 * What only tests and benchmarks set: where log lines go, the local stand-in for a browser push
 * service, an OCR pool shared by several apps (otherwise each app has its own), the job queue's
 * timings.
 */
export type AppOptions = { logStream?: LogDestination; ocr?: OcrPool; jobs?: JobQueueSettings } & PushOptions;

export async function buildApp(deps: AppDeps, options: AppOptions = {}): Promise<FastifyInstance> {
  const { config } = deps;
  const app = Fastify({
    logger: loggerOptions(config, options.logStream),
    trustProxy: trustProxyOption(config.trustProxy),
    bodyLimit: 1024 * 1024,
    ...urlLimits,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  registerInputGuards(app);
  registerPrivateResponses(app, API_PREFIX);

  await app.register(helmet, { contentSecurityPolicy: { useDefaults: true, directives: contentSecurityPolicy(config.tileUrl, deps.storage.publicUrl) } });
  await app.register(compress, { global: true, threshold: COMPRESSION_THRESHOLD_BYTES });
  // The OpenAPI document and its UI: on in development, off in production unless API_DOCS=true.
  if (config.apiDocs) {
    await app.register(swagger, {
      openapi: {
        info: { title: 'MonPanier API', description: 'Marketplace du Gabon', version: '1.0.0' },
        components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
        security: [{ bearer: [] }],
      },
      transform: jsonSchemaTransform,
    });
    await app.register(swaggerUi, { routePrefix: `${API_PREFIX}/docs` });
  }

  const tokens = createTokenService(await loadSigningKey(deps.db, config.sessionSecret), deps.now);
  const sms = createSmsSender(config);
  if (sms) app.log.info(`codes SMS : ${sms.description}`);
  else app.log.warn('SMS : aucun envoi configuré (TWILIO_* ou DEMO_MODE=true) — les numéros ne peuvent pas être vérifiés, l’inscription est refusée');
  const phones = createPhoneVerification(deps, sms);
  const authDeps = { ...deps, tokens, phones };
  registerAuthGuards(app, (token) => resolvePrincipal(authDeps, token));
  registerDemoRedaction(app, deps.db);
  // One listener per process hears the other instances (cache invalidations, new jobs).
  const databaseEvents = registerCacheInvalidation(app, deps.db);
  const jobs = registerJobQueue(app, deps, databaseEvents, options.jobs);
  const lifecycle = registerLifecycle(app, jobs);
  const push = await registerPush(app, deps, jobs, options);
  registerMail(app, deps, jobs);
  const payments = createPaymentProviders(config, app.log);
  registerPaymentReconciler(app, deps, payments);
  registerOutlierJob(app, deps);
  registerProbationJob(app, deps);
  registerCataloguePurgeJob(app, deps);
  registerPopularityJob(app, deps);
  registerAdExpiryJob(app, deps, payments);
  const ocr = options.ocr ?? createOcrPool({ size: config.imports.ocrWorkers });
  if (!options.ocr) app.addHook('onClose', () => ocr.close());

  await app.register(
    async (api) => {
      await api.register(configRoutes, { deps, readiness: createReadinessCheck(deps.db, lifecycle.draining) });
      await api.register(authRoutes, { deps: authDeps });
      await api.register(profileRoutes, { deps, phones });
      await api.register(dashboardRoutes, { deps });
      await api.register(notificationsRoutes, { deps, push });
      await api.register(agentRoutes, { deps });
      await api.register(handoverRoutes, { deps });
      await api.register(deliveriesRoutes, { deps });
      await api.register(listsRoutes, { deps });
      await api.register(paymentMethodsRoutes, { deps });
      await api.register(optimiserRoutes, { deps });
      await api.register(checkoutRoutes, { deps, payments });
      await api.register(paymentCallbackRoutes, { deps, payments });
      await api.register(productsRoutes, { deps });
      await api.register(storesRoutes, { deps });
      await api.register(pricesRoutes, { deps });
      await api.register(moderationRoutes, { deps });
      await api.register(catalogueRemovalRoutes, { deps });
      await api.register(importsRoutes, { deps, ocr });
      await api.register(recognitionRoutes, { deps, ocr });
      await api.register(priceTagsRoutes, { deps, ocr });
      await api.register(receiptsRoutes, { deps, ocr });
      await api.register(adsRoutes, { deps, payments });
      await api.register(adsAdminRoutes, { deps, payments });
      await api.register(bannerRoutes, { deps });
      await api.register(merchantsRoutes, { deps });
      await api.register(priceListsRoutes, { deps });
    },
    { prefix: API_PREFIX },
  );

  registerUploads(app, deps.storage);
  serveWebApp(app, config.webDistDir);
  return app;
}

// The built SPA: hashed assets cached for a year, index.html always revalidated, and every other
// non-API GET answered with index.html so client-side routes survive a reload. The build wrote each
// text file's Brotli and gzip copies (precompress.config.ts): they are sent as they are; a file
// without them is compressed on the fly. The index.html answer is a route, not the 404 handler:
// only routes get the compression hook.
function serveWebApp(app: FastifyInstance, distDir: string): void {
  if (existsSync(path.join(distDir, 'index.html'))) {
    app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      preCompressed: true,
      setHeaders: (res, filePath) => {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
    app.get('/*', { schema: { hide: true } }, (request, reply) => {
      if (isApiUrl(request.url)) throw new AppError('ROUTE_NOT_FOUND');
      return reply.header('Cache-Control', 'no-cache').sendFile('index.html', distDir);
    });
  }
  app.setNotFoundHandler(() => {
    throw new AppError('ROUTE_NOT_FOUND');
  });
}

/**
 * Fastify's trustProxy from TRUST_PROXY: a hop count trusts that many addresses from the socket
 * (as proxy-addr does for a number), a list trusts those addresses; either way the client is the
 * right-most address of X-Forwarded-For that is not a trusted proxy, never its forgeable left end.
 */
function trustProxyOption(trust: Config['trustProxy']): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust === 'number') return (_address, hop) => hop < trust;
  return trust;
}

const isApiUrl = (url: string) => url === API_PREFIX || url.startsWith(`${API_PREFIX}/`) || url.startsWith(UPLOADS_URL_PREFIX);

/** `uploadsUrl`: the public bucket or CDN that /uploads/* redirects to (S3_PUBLIC_URL), if any. */
function contentSecurityPolicy(tileUrl: string, uploadsUrl?: string) {
  const tileOrigin = /^(https?:\/\/[^/]+)/.exec(tileUrl.replace(/\{s\}/g, '*'))?.[1];
  const uploadsOrigin = uploadsUrl ? [new URL(uploadsUrl).origin] : [];
  return {
    'default-src': ["'self'"],
    'img-src': ["'self'", 'data:', 'blob:', ...(tileOrigin ? [tileOrigin] : []), ...uploadsOrigin],
    'style-src': ["'self'", "'unsafe-inline'"],
    'script-src': ["'self'", "'wasm-unsafe-eval'"],
    'connect-src': ["'self'"],
    'worker-src': ["'self'"],
    'media-src': ["'self'", 'blob:', ...uploadsOrigin],
    'upgrade-insecure-requests': null,
  };
}
