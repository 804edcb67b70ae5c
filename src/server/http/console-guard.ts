import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CONSOLE_COOKIE, CONSOLE_CSRF_HEADER, CONSOLE_SESSION_TTL_MS } from '../../protocol/console.js';
import { ApiError } from '../errors.js';
import type { ConsoleAccess, ConsoleSession } from '../services/console/console-access.js';
import { Secrets } from '../services/crypto.js';

/** How the console's requests are checked: on or off, the provider's origin, its cookie. */
export interface ConsoleGuard {
  /** The operator of the request's session cookie; 401 console_session_required without a live one. */
  operator(request: FastifyRequest): Promise<{ token: string; session: ConsoleSession }>;
  /** `operator`, and for a change the session's CSRF token in its header: 403 console_csrf_invalid. */
  change(request: FastifyRequest): Promise<{ token: string; session: ConsoleSession }>;
  setCookie(reply: FastifyReply, token: string): void;
  clearCookie(reply: FastifyReply): void;
}

/** The console's origin on a port of its own: the public URL's scheme and host, with that port. */
export function consoleOrigin(publicUrl: string, port: number): string {
  const url = new URL(publicUrl);
  url.port = String(port);
  return url.origin;
}

function readCookie(request: FastifyRequest, name: string): string | undefined {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const equals = part.indexOf('=');
    if (equals > 0 && part.slice(0, equals).trim() === name) return part.slice(equals + 1).trim();
  }
  return undefined;
}

/**
 * On the console's scope: every route answers 404 not_found unless the console is on; a request
 * carrying an Origin other than the provider's own is refused (403 console_origin_refused) before
 * it has any effect. The session cookie is HttpOnly, SameSite=Strict, Path=/, and over https
 * Secure with the `__Host-` prefix (no Domain: the provider's host only).
 */
export function consoleGuard(
  scope: FastifyInstance,
  access: ConsoleAccess,
  { enabled, publicUrl }: { enabled: boolean; publicUrl: string },
): ConsoleGuard {
  const secure = publicUrl.startsWith('https:');
  const origin = new URL(publicUrl).origin;
  const name = secure ? `__Host-${CONSOLE_COOKIE}` : CONSOLE_COOKIE;
  const attributes = `Path=/; HttpOnly; SameSite=Strict${secure ? '; Secure' : ''}`;

  scope.addHook('onRequest', async (request) => {
    if (!enabled) throw new ApiError('not_found');
    const sent = request.headers.origin;
    if (sent !== undefined && sent !== origin) throw new ApiError('console_origin_refused');
  });

  const operator = async (request: FastifyRequest) => {
    const token = readCookie(request, name);
    const session = token ? await access.session(token) : undefined;
    if (!token || !session) throw new ApiError('console_session_required');
    return { token, session };
  };
  return {
    operator,
    async change(request) {
      const found = await operator(request);
      const sent = request.headers[CONSOLE_CSRF_HEADER];
      if (typeof sent !== 'string' || !Secrets.same(sent, found.session.csrfToken))
        throw new ApiError('console_csrf_invalid');
      return found;
    },
    setCookie(reply, token) {
      const maxAge = Math.floor(CONSOLE_SESSION_TTL_MS / 1000);
      reply.header('set-cookie', `${name}=${token}; Max-Age=${maxAge}; ${attributes}`);
    },
    clearCookie(reply) {
      reply.header('set-cookie', `${name}=; Max-Age=0; ${attributes}`);
    },
  };
}

/**
 * A part's route options checking the operator before the request is read: `read` for a GET (a
 * session), `change` for the rest (its CSRF token too), and `actor`, the changing operator's id.
 */
export function operatorHooks(guard: ConsoleGuard) {
  const actors = new WeakMap<FastifyRequest, string>();
  return {
    read: { preValidation: async (request: FastifyRequest) => void (await guard.operator(request)) },
    change: {
      preValidation: async (request: FastifyRequest) => {
        actors.set(request, (await guard.change(request)).session.operator.id);
      },
    },
    actor: (request: FastifyRequest) => actors.get(request) as string,
  };
}
