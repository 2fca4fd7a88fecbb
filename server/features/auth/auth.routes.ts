import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { LoginSchema, RegisterSchema } from '#contract/users';
import { bearerToken, principalOf } from '../../platform/auth-guard';
import { AppError } from '../../platform/errors';
import { IMAGE_BODY_LIMIT } from '../../platform/images';
import { type AuthDeps, login, logout, refresh, register } from './auth.service';

const clientOf = (request: FastifyRequest) => ({ ip: request.ip, userAgent: request.headers['user-agent'] });

export async function authRoutes(fastify: FastifyInstance, { deps }: { deps: AuthDeps }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post('/auth/register', { schema: { body: RegisterSchema, tags: ['auth'] }, bodyLimit: IMAGE_BODY_LIMIT }, async (request, reply) => {
    reply.status(201);
    return register(deps, request.body, clientOf(request));
  });

  app.post('/auth/login', { schema: { body: LoginSchema, tags: ['auth'] } }, async (request) => login(deps, request.body, clientOf(request)));

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
