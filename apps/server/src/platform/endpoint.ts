// Registers a route from its declaration in packages/contracts: path, method, access rule, validation, serialisation and
// the OpenAPI entry all come from that one declaration, so the server cannot drift from what the web client calls.
// An upload endpoint's handler reads its parts with `request.upload()`, after the service has checked that the caller
// may act on the target, so a caller without access is answered before a byte of the body is read.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyContextConfig } from 'fastify';
import { z } from 'zod';
import type {
  AnyEndpoint,
  EndpointBody,
  EndpointModel,
  EndpointParams,
  EndpointQuery,
  EndpointReply,
  Upload,
} from '@registry/contracts';
import { readUpload, type UploadedParts } from './multipart.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** An upload's multipart body as the OpenAPI document shows it (it is read by `request.upload()`, not validated). */
    uploadBody?: z.ZodType;
  }
}

/** Reads the upload once, however often it is called: the service calls it once the caller's access is known. */
type ReadUpload<Model> = () => Promise<UploadedParts<Model>>;

type EndpointRequest<E extends AnyEndpoint> = FastifyRequest<{
  Params: EndpointParams<E>;
  Querystring: EndpointQuery<E>;
  Body: EndpointBody<E>;
}> &
  (E['upload'] extends Upload ? { upload: ReadUpload<EndpointModel<E>> } : unknown);

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
  const upload = endpoint.upload;
  app.route({
    method: endpoint.method,
    url: options.url ?? endpoint.path,
    config: {
      ...options.config,
      access: endpoint.access,
      endpoint: true,
      ...(upload ? { uploadBody: uploadBody(upload, schemas.model) } : {}),
    },
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
    handler: upload
      ? (request, reply) => {
          let read: Promise<UploadedParts<unknown>> | undefined;
          (request as unknown as { upload: ReadUpload<unknown> }).upload = () =>
            (read ??= readUpload(request, upload, schemas.model));
          return (handler as (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>)(request, reply);
        }
      : (handler as (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>),
  });
}

/** The multipart body for the OpenAPI document: the model part (JSON) and each file part with its accepted kinds. */
function uploadBody(upload: Upload, model: z.ZodType | undefined): z.ZodType {
  const file = z.file().meta({
    description: `One file, at most ${upload.maxFileBytes} bytes: ${upload.contentTypes.join(', ')}.`,
  });
  return z.object({
    ...(model ? { model } : {}),
    ...Object.fromEntries(upload.files.map((name) => [name, file])),
    ...Object.fromEntries((upload.optionalFiles ?? []).map((name) => [name, file.optional()])),
  });
}
