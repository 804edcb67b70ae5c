import type { FastifyInstance } from 'fastify';
import { type AcceptTermsResponse, API_PATHS } from '../../protocol/api.js';
import { authenticate } from '../http/authenticate.js';
import { USER_ANSWER } from '../http/wire-schemas.js';
import type { Services } from '../services/index.js';

/** The logged-in user's own record (§7 `users/me/*`). */
export function userRoutes(app: FastifyInstance, services: Services): void {
  // Empty body; the bearer names the user (§4.2: AFFIRMATIVE_CONSENT_SCREEN's 'Accept').
  app.post(
    API_PATHS.acceptTerms,
    { schema: { response: { 200: USER_ANSWER } } },
    async (request): Promise<AcceptTermsResponse> => {
      const { user } = await authenticate(request, services);
      return { user: await services.users.acceptTerms(user.id) };
    },
  );
}
