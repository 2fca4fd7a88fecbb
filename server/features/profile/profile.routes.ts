import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses } from '#contract/api-errors';
import { AvatarUpdateSchema, PasswordChangeSchema, PreferencesUpdateSchema, ProfileUpdateSchema, UserSchema } from '#contract/users';
import type { AppDeps } from '../../deps';
import { principalOf } from '../../platform/auth-guard';
import { IMAGE_BODY_LIMIT } from '../../platform/images';
import { sessionUser } from '../auth/auth.service';
import { changePassword, updateAvatar, updatePreferences, updateProfile, userStats } from './profile.service';

export async function profileRoutes(fastify: FastifyInstance, { deps }: { deps: AppDeps }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['profile'];

  app.get('/users/me', { onRequest: app.requireUser, schema: { tags } }, async (request) => sessionUser(deps, principalOf(request)));

  app.put(
    '/users/me',
    {
      onRequest: app.requireUser,
      schema: {
        body: ProfileUpdateSchema,
        tags,
        summary: 'Modifier le profil (changer d’email demande current_password ; l’ancienne adresse est prévenue)',
        response: { 200: UserSchema, ...errorResponses(400, 401, 409) },
      },
    },
    async (request) => updateProfile(deps, principalOf(request), request.body),
  );

  app.put(
    '/users/me/avatar',
    { onRequest: app.requireUser, schema: { body: AvatarUpdateSchema, tags }, bodyLimit: IMAGE_BODY_LIMIT },
    async (request) => updateAvatar(deps, principalOf(request), request.body.avatar_url),
  );

  app.put('/users/me/password', { onRequest: app.requireUser, schema: { body: PasswordChangeSchema, tags } }, async (request, reply) => {
    await changePassword(deps, principalOf(request), request.body);
    return reply.status(204).send();
  });

  app.put('/users/me/preferences', { onRequest: app.requireUser, schema: { body: PreferencesUpdateSchema, tags } }, async (request) =>
    updatePreferences(deps, principalOf(request), request.body),
  );

  app.get('/users/me/stats', { onRequest: app.requireConsumer, schema: { tags } }, async (request) => userStats(deps, principalOf(request)));
}
