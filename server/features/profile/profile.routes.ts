import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses } from '#contract/api-errors';
import { AvatarUpdateSchema, PasswordChangeSchema, PreferencesUpdateSchema, ProfileUpdateResponseSchema, ProfileUpdateSchema, SessionUserSchema, UserSchema, UserStatsSchema } from '#contract/users';
import { z } from 'zod';
import type { AppDeps } from '../../deps';
import { principalOf } from '../../platform/auth-guard';
import { IMAGE_BODY_LIMIT } from '../../platform/images';
import { sessionUser } from '../auth/auth.service';
import type { PhoneVerification } from '../auth/phone-verification';
import { changePassword, updateAvatar, updatePreferences, updateProfile, userStats } from './profile.service';

export async function profileRoutes(fastify: FastifyInstance, { deps, phones }: { deps: AppDeps; phones: PhoneVerification }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['profile'];

  app.get(
    '/users/me',
    { onRequest: app.requireUser, schema: { tags, summary: 'Le compte connecté et sa session', response: { 200: SessionUserSchema, ...errorResponses(401) } } },
    async (request) => sessionUser(deps, principalOf(request)),
  );

  app.put(
    '/users/me',
    {
      onRequest: app.requireUser,
      schema: {
        body: ProfileUpdateSchema,
        tags,
        summary:
          'Modifier le profil (changer d’email demande current_password ; l’ancienne adresse est prévenue ; un nouveau numéro vérifié attend son code SMS)',
        response: { 200: ProfileUpdateResponseSchema, ...errorResponses(400, 401, 409) },
      },
    },
    async (request) => updateProfile(deps, phones, principalOf(request), request.body, request.ip),
  );

  app.put(
    '/users/me/avatar',
    { onRequest: app.requireUser, schema: { body: AvatarUpdateSchema, tags, summary: 'Changer la photo de profil', response: { 200: UserSchema, ...errorResponses(400, 401, 413, 415) } }, bodyLimit: IMAGE_BODY_LIMIT },
    async (request) => updateAvatar(deps, principalOf(request), request.body.avatar_url),
  );

  app.put(
    '/users/me/password',
    { onRequest: app.requireUser, schema: { body: PasswordChangeSchema, tags, summary: 'Changer le mot de passe', response: { 204: z.null(), ...errorResponses(400, 401, 403) } } },
    async (request, reply) => {
      await changePassword(deps, principalOf(request), request.body);
      return reply.status(204).send(null);
    },
  );

  app.put(
    '/users/me/preferences',
    { onRequest: app.requireUser, schema: { body: PreferencesUpdateSchema, tags, summary: 'Changer les préférences', response: { 200: UserSchema, ...errorResponses(400, 401) } } },
    async (request) => updatePreferences(deps, principalOf(request), request.body),
  );

  app.get(
    '/users/me/stats',
    { onRequest: app.requireConsumer, schema: { tags, summary: 'Mon activité : listes, prix, livraisons, économies', response: { 200: UserStatsSchema, ...errorResponses(401, 403) } } },
    async (request) => userStats(deps, principalOf(request)),
  );
}
