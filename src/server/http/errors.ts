import type { FastifyError, FastifyInstance, FastifyReply, FastifySchemaValidationError } from 'fastify';
import type { ApiErrorBody } from '../../protocol/api.js';
import { API_ERRORS, type ApiErrorCode } from '../../protocol/api-errors.js';
import { ApiError, RetryLaterError } from '../errors.js';
import { allowRequestOrigin } from './cors.js';

/** Answers any page may read: they only say that no such app exists. */
const READABLE_FROM_ANY_ORIGIN: ReadonlySet<ApiErrorCode> = new Set(['app_not_found', 'invalid_app_id']);
/** Retry-After of a 429 whose limit did not say when it ends. */
const DEFAULT_RETRY_AFTER_SECONDS = 60;

/** The Retry-After of an error: its own, or the default for any 429; undefined for none. */
function retryAfterOf(error: ApiError): number | undefined {
  if (error instanceof RetryLaterError) return error.retryAfterSeconds;
  return error.status === 429 ? DEFAULT_RETRY_AFTER_SECONDS : undefined;
}

function sendApiError(
  reply: FastifyReply,
  code: ApiErrorCode,
  message?: string,
  fields: Readonly<Record<string, unknown>> = {},
): FastifyReply {
  const body: ApiErrorBody = { ...fields, code, message: message ?? API_ERRORS[code].message };
  return reply.code(API_ERRORS[code].status).type('application/json; charset=utf-8').send(body);
}

/** One sentence naming the field at fault, from Fastify's (ajv) validation errors. */
function describeValidation(errors: FastifySchemaValidationError[]): string {
  const first = errors[0];
  if (!first) return API_ERRORS.invalid_data.message;
  const field = first.instancePath.replace(/^\//, '').replaceAll('/', '.');
  if (first.keyword === 'required') return `Missing field '${String(first.params.missingProperty)}'.`;
  if (field === '') return 'The request body must be a JSON object.';
  return `Invalid field '${field}': ${first.message ?? 'invalid value'}.`;
}

/** Fastify's own client errors (body parsing), by their code. */
const FASTIFY_CLIENT_ERRORS: Record<string, [ApiErrorCode, string?]> = {
  FST_ERR_CTP_BODY_TOO_LARGE: ['payload_too_large'],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: ['invalid_data', 'The request body must be sent as application/json.'],
  FST_ERR_CTP_INVALID_JSON_BODY: ['invalid_data', 'The request body is not valid JSON.'],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: ['invalid_data', 'The Content-Length header does not match the body.'],
};

/**
 * Every answer that is not a success is `{code, message}`: API errors as thrown (every 429 with
 * Retry-After), bad input as 400 invalid_data (413 when too large), unknown routes as 404
 * not_found, and anything unexpected as 500 internal_error without details (always logged: serve
 * logs errors at every level).
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof ApiError) {
      if (READABLE_FROM_ANY_ORIGIN.has(error.code)) allowRequestOrigin(request, reply);
      const retryAfter = retryAfterOf(error);
      if (retryAfter !== undefined) {
        reply.header('retry-after', String(retryAfter));
        reply.header('access-control-expose-headers', 'Retry-After');
      }
      if (error instanceof RetryLaterError && error.quota) {
        // draft-ietf-httpapi-ratelimit-headers: the quota, and that none of it is left until it resets.
        const { policy, max, windowSeconds } = error.quota;
        reply.header('ratelimit-policy', `"${policy}";q=${max};w=${windowSeconds}`);
        reply.header('ratelimit', `"${policy}";r=0;t=${error.retryAfterSeconds}`);
        reply.header('access-control-expose-headers', 'Retry-After, RateLimit, RateLimit-Policy');
      }
      return sendApiError(reply, error.code, error.message, error.fields);
    }
    const client = clientError(error);
    if (client) return sendApiError(reply, client[0], client[1]);
    request.log.error({ err: error }, 'request failed');
    return sendApiError(reply, 'internal_error');
  });
  app.setNotFoundHandler((_request, reply) => sendApiError(reply, 'not_found'));
}

/** The code and message of an error the client caused (bad input, a known Fastify 4xx), else null. */
function clientError(error: FastifyError): [ApiErrorCode, string?] | null {
  if (error.validation) return ['invalid_data', describeValidation(error.validation)];
  const known = error.code ? FASTIFY_CLIENT_ERRORS[error.code] : undefined;
  if (known) return known;
  const status = error.statusCode;
  if (typeof status !== 'number' || status < 400 || status >= 500) return null;
  // 403 comes from the static files for a directory: there is nothing to show there.
  return [status === 404 || status === 403 ? 'not_found' : 'invalid_data'];
}
