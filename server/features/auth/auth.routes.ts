import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses } from '#contract/api-errors';
import { fr } from '#contract/messages';
import { DetailResponseSchema, LoginSchema, PasswordResetConfirmSchema, PasswordResetRequestSchema, RegisterSchema } from '#contract/users';
import { bearerToken, principalOf } from '../../platform/auth-guard';
import { AppError } from '../../platform/errors';
import { IMAGE_BODY_LIMIT } from '../../platform/images';
import { type AuthDeps, login, logout, refresh, register } from './auth.service';
import { confirmPasswordReset, requestPasswordReset } from './password-reset';
import { createResetThrottle } from './reset-throttle';

/** "Mot de passe oublié ?" requests per hour (per client address, per e-mail typed). */
const RESET_REQUESTS = { perIpPerHour: 10, perEmailPerHour: 3 };

const clientOf = (request: FastifyRequest) => ({ ip: request.ip, userAgent: request.headers['user-agent'] });

export async function authRoutes(fastify: FastifyInstance, { deps }: { deps: AuthDeps }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post('/auth/register', { schema: { body: RegisterSchema, tags: ['auth'] }, bodyLimit: IMAGE_BODY_LIMIT }, async (request, reply) => {
    reply.status(201);
    return register(deps, request.body, clientOf(request));
  });

  app.post('/auth/login', { schema: { body: LoginSchema, tags: ['auth'] } }, async (request) => login(deps, request.body, clientOf(request)));

  const resetThrottle = createResetThrottle(RESET_REQUESTS);

  app.post(
    '/auth/password-reset',
    {
      schema: {
        tags: ['auth'],
        summary: 'Mot de passe oublié : envoie un lien de réinitialisation (même réponse si le compte n’existe pas)',
        body: PasswordResetRequestSchema,
        response: { 202: DetailResponseSchema, ...errorResponses(400, 429) },
      },
    },
    async (request, reply) => {
      await requestPasswordReset(deps, resetThrottle, request.body.email, clientOf(request));
      return reply.status(202).send({ detail: fr.accountSecurity.resetRequested });
    },
  );

  app.post(
    '/auth/password-reset/confirm',
    {
      schema: {
        tags: ['auth'],
        summary: 'Choisit un nouveau mot de passe avec le lien reçu (usage unique, 1 h) et ferme toutes les sessions',
        body: PasswordResetConfirmSchema,
        response: { 200: DetailResponseSchema, ...errorResponses(400, 403, 410) },
      },
    },
    async (request) => {
      await confirmPasswordReset(deps, request.body);
      return { detail: fr.accountSecurity.resetDone };
    },
  );

  app.post('/auth/refresh', { schema: { tags: ['auth'] } }, async (request) => {
    const token = bearerToken(request);
    if (!token) throw new AppError('UNAUTHENTICATED');
    return refresh(deps, token);
  });

  app.post('/auth/logout', { onRequest: app.requireUser, schema: { tags: ['auth'] } }, async (request, reply) => {
    await logout(deps, principalOf(request));
    return reply.status(204).send();
  });
}
