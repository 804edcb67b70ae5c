import type { FastifyInstance } from 'fastify';
import { ApiError } from '../errors.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The body as received, for checks over its exact bytes (the wallet frame's device proof). */
    rawBody?: string;
  }
}

/**
 * Deepest nesting of objects and arrays a body may have. The deepest honest body (a sealed share
 * inside a wallet call) has four levels; a parser or validator walking thousands of levels
 * overflows the stack.
 */
export const JSON_MAX_DEPTH = 32;

/** A JSON string literal (its escapes included); what it holds is no nesting. */
const STRING_LITERAL = /"(?:[^"\\]|\\.)*"/g;

/** Whether the JSON text nests deeper than `max`, by one pass over it (brackets in strings do not count). */
function nestsDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  for (const char of text.replace(STRING_LITERAL, '""')) {
    if (char === '{' || char === '[') depth++;
    else if (char === '}' || char === ']') depth--;
    if (depth > max) return true;
  }
  return false;
}

/**
 * Bodies are JSON only (any other content type is refused as invalid_data), at most BODY_LIMIT_BYTES
 * (Fastify's bodyLimit) and JSON_MAX_DEPTH levels deep, for every route. They are optional on the
 * session endpoints: an empty JSON body, or none at all, reads as `{}`. Everything else goes
 * through Fastify's JSON parser (prototype-poisoning safe).
 */
export function jsonBodiesOnly(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body as string;
    request.rawBody = text;
    if (text.trim() === '') return done(null, {});
    if (nestsDeeperThan(text, JSON_MAX_DEPTH)) {
      const message = `The request body is nested too deeply (more than ${JSON_MAX_DEPTH} levels).`;
      return done(new ApiError('invalid_data', message), undefined);
    }
    void parseJson(request, text, done);
  });
  app.addHook('preValidation', async (request) => {
    if (request.method === 'POST' && request.body === undefined) request.body = {};
  });
}
