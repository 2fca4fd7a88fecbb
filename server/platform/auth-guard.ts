// Who is asking. Routes declare `onRequest: app.requireConsumer` (or requireAgent, requireAdmin, requireUser,
// optionalUser) and read `request.principal`. How a token becomes a principal is given by the auth
// feature, so this module knows nothing of sessions or users.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { UserType } from '#contract/constants';
import { AppError } from './errors';

/** `isDemo`: a demonstration account (it sees no real person's contact details). */
export type Principal = { userId: string; sessionId: string; userType: UserType; isDemo?: boolean };
export type PrincipalResolver = (token: string) => Promise<Principal>;
type Guard = (request: FastifyRequest) => Promise<void>;

const ROLE_ERRORS = { consumer: 'CONSUMERS_ONLY', delivery_agent: 'AGENTS_ONLY', admin: 'ADMINS_ONLY' } as const;

declare module 'fastify' {
  interface FastifyRequest {
    principal: Principal | null;
  }
  interface FastifyInstance {
    requireUser: Guard;
    requireConsumer: Guard;
    requireAgent: Guard;
    requireAdmin: Guard;
    optionalUser: Guard;
  }
}

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token.trim() : undefined;
}

export function registerAuthGuards(app: FastifyInstance, resolve: PrincipalResolver): void {
  app.decorateRequest('principal', null);

  const requireUser: Guard = async (request) => {
    const token = bearerToken(request);
    if (!token) throw new AppError('UNAUTHENTICATED');
    request.principal = await resolve(token);
  };
  const requireRole =
    (role: UserType): Guard =>
    async (request) => {
      await requireUser(request);
      if (request.principal?.userType !== role) throw new AppError(ROLE_ERRORS[role]);
    };

  app.decorate('requireUser', requireUser);
  app.decorate('requireConsumer', requireRole('consumer'));
  app.decorate('requireAgent', requireRole('delivery_agent'));
  app.decorate('requireAdmin', requireRole('admin'));
  // A missing token is fine; a bad one still answers 401 so the client can sign in again.
  app.decorate('optionalUser', async (request: FastifyRequest) => {
    if (bearerToken(request)) await requireUser(request);
  });
}

/** The signed-in principal of a guarded route. */
export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw new AppError('UNAUTHENTICATED');
  return request.principal;
}
