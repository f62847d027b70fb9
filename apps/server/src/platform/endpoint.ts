// Registers a route from its declaration in packages/contracts: path, method, access rule, validation, serialisation and
// the OpenAPI entry all come from that one declaration, so the server cannot drift from what the web client calls.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyContextConfig } from 'fastify';
import type { AnyEndpoint, EndpointBody, EndpointParams, EndpointQuery, EndpointReply } from '@registry/contracts';

export type EndpointRequest<E extends AnyEndpoint> = FastifyRequest<{
  Params: EndpointParams<E>;
  Querystring: EndpointQuery<E>;
  Body: EndpointBody<E>;
}>;

export type EndpointHandler<E extends AnyEndpoint> = (
  request: EndpointRequest<E>,
  reply: FastifyReply,
) => Promise<EndpointReply<E> | FastifyReply> | EndpointReply<E> | FastifyReply;

/** Route options that are not part of the contract: rate limits, and the path prefix outside /api/v1 (the token). */
export type RouteOptions = { config?: Omit<FastifyContextConfig, 'access'>; url?: string; operationId?: string };

/**
 * Registers `endpoint` on `app` (a plugin registered under /api/v1). The handler's request and return types are the
 * declaration's; the response schema serialises the answer, so a field the schema lacks never leaves the server.
 */
export async function route<E extends AnyEndpoint>(
  app: FastifyInstance,
  endpoint: E,
  handler: EndpointHandler<E>,
  options: RouteOptions = {},
): Promise<void> {
  const schemas = await endpoint.schemas();
  app.route({
    method: endpoint.method,
    url: options.url ?? endpoint.path,
    config: { ...options.config, access: endpoint.access, endpoint: true },
    schema: {
      operationId: options.operationId ?? endpoint.operationId,
      tags: [...endpoint.tags],
      ...(endpoint.summary ? { summary: endpoint.summary } : {}),
      ...(schemas.params ? { params: schemas.params } : {}),
      ...(schemas.query ? { querystring: schemas.query } : {}),
      ...(schemas.body && endpoint.bodyKind === 'json' ? { body: schemas.body } : {}),
      ...(endpoint.bodyKind === 'multipart' ? { consumes: ['multipart/form-data'] } : {}),
      ...(endpoint.bodyKind === 'form' ? { consumes: ['application/x-www-form-urlencoded'] } : {}),
      response: { 200: schemas.response, ...schemas.responses },
    },
    handler: handler as (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>,
  });
}
