import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '#contract/api-errors';
import { fr } from '#contract/messages';
import {
  DetailResponseSchema,
  LoginResponseSchema,
  LoginSchema,
  PasswordResetConfirmSchema,
  PasswordResetRequestSchema,
  PhoneCodeSchema,
  PhoneStatusSchema,
  PhoneVerificationStartedSchema,
  RegisterResponseSchema,
  RegisterSchema,
  UserSchema,
} from '#contract/users';
import { bearerToken, principalOf } from '../../platform/auth-guard';
import { AppError } from '../../platform/errors';
import { IMAGE_BODY_LIMIT } from '../../platform/images';
import { type AuthDeps, findUserById, login, logout, refresh, register, toApiUser } from './auth.service';
import { numberToVerify, phoneStatus } from './phone-verification';
import { confirmPasswordReset, requestPasswordReset } from './password-reset';
import { createResetThrottle } from './reset-throttle';

/** "Mot de passe oublié ?" requests per hour (per client address, per e-mail typed). */
const RESET_REQUESTS = { perIpPerHour: 10, perEmailPerHour: 3 };

const clientOf = (request: FastifyRequest) => ({ ip: request.ip, userAgent: request.headers['user-agent'] });

export async function authRoutes(fastify: FastifyInstance, { deps }: { deps: AuthDeps }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/auth/register',
    {
      schema: {
        body: RegisterSchema,
        tags: ['auth'],
        summary: 'Créer un compte : ouvre la session et envoie le code SMS qui vérifie le numéro',
        response: { 201: RegisterResponseSchema, ...errorResponses(400, 409, 413, 429, 503) },
      },
      bodyLimit: IMAGE_BODY_LIMIT,
    },
    async (request, reply) => {
    reply.status(201);
      return register(deps, request.body, clientOf(request));
    },
  );

  app.post(
    '/auth/login',
    { schema: { body: LoginSchema, tags: ['auth'], summary: 'Se connecter', response: { 200: LoginResponseSchema, ...errorResponses(400, 401, 403, 429) } } },
    async (request) => login(deps, request.body, clientOf(request)),
  );

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

  app.get(
    '/auth/phone',
    { onRequest: app.requireUser, schema: { tags: ['auth'], summary: 'Où en est la vérification du numéro de téléphone', response: { 200: PhoneStatusSchema, ...errorResponses(401) } } },
    async (request) => phoneStatus(deps.db, deps.phones, principalOf(request).userId),
  );

  app.post(
    '/auth/phone/code',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['auth'],
        summary: 'Envoie un code à 6 chiffres par SMS au numéro à vérifier (le nouveau numéro pendant un changement)',
        response: { 202: PhoneVerificationStartedSchema, ...errorResponses(401, 409, 422, 429, 503) },
      },
    },
    async (request, reply) => {
      const { userId } = principalOf(request);
      const { phone, purpose } = await numberToVerify(deps.db, userId);
      return reply.status(202).send(await deps.phones.start({ userId, phone, purpose, ip: request.ip }));
    },
  );

  app.post(
    '/auth/phone/verify',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['auth'],
        summary: 'Vérifie le numéro avec le code reçu par SMS : le compte devient la personne de ce numéro (une voix pour les prix)',
        body: PhoneCodeSchema,
        response: { 200: UserSchema, ...errorResponses(400, 401, 409, 410, 429) },
      },
    },
    async (request) => {
      const { userId } = principalOf(request);
      await deps.phones.confirm({ userId, code: request.body.code });
      return toApiUser(await findUserById(deps, userId));
    },
  );

  app.post(
    '/auth/refresh',
    { schema: { tags: ['auth'], summary: 'Prolonge la session de 24 h', response: { 200: LoginResponseSchema, ...errorResponses(401) } } },
    async (request) => {
    const token = bearerToken(request);
      if (!token) throw new AppError('UNAUTHENTICATED');
      return refresh(deps, token);
    },
  );

  app.post(
    '/auth/logout',
    { onRequest: app.requireUser, schema: { tags: ['auth'], summary: 'Se déconnecter', response: { 204: z.null(), ...errorResponses(401) } } },
    async (request, reply) => {
      await logout(deps, principalOf(request));
      return reply.status(204).send(null);
    },
  );
}
