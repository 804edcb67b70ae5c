import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import type {
  FastifyInstance,
  FastifyRequest,
  FastifySchema,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
} from 'fastify';

/**
 * A scope whose routes take their request types (body, querystring, params, headers) from their
 * JSON schema (`as const`), so a request shape is written once: the schema that validates it.
 * Only a type: `withTypeProvider` is the same instance at run time.
 */
export type SchemaRoutes =
  FastifyInstance extends FastifyInstance<infer S, infer Req, infer Rep, infer L>
    ? FastifyInstance<S, Req, Rep, L, JsonSchemaToTsProvider>
    : never;

/** The request of a route with schema `S`, for the functions a handler hands it to. */
export type SchemaRequest<S extends FastifySchema> = FastifyRequest<
  RouteGenericInterface,
  RawServerDefault,
  RawRequestDefaultExpression,
  S,
  JsonSchemaToTsProvider
>;
