// HTTP plumbing shared by every module: the caller on each request, the access rule each route must declare, error bodies.
import crypto from 'node:crypto';
import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable } from '../db/client.ts';
import { callerMeets, type Access } from './access.ts';
import type { RequestContext, Services, SignedInContext } from './context.ts';
import { constraintViolation } from './db-errors.ts';
import { closeUnreadBody } from './multipart.ts';
import { HttpError } from './errors.ts';
import { isApiKey, resolveApiKeyCaller } from './api-keys.ts';
import { writeAudit } from './audit.ts';
import { resolveCaller } from './session.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route. Every /api route must say. */
    access?: Access;
    /** Registered from a contract declaration (platform/endpoint.ts). */
    endpoint?: boolean;
  }
  interface FastifyRequest {
    ctx: RequestContext;
  }
  interface FastifyInstance {
    services: Services;
  }
}

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(.+)$/i.exec(header);
  return match ? match[1].trim() : null;
}

export function registerHttpPlumbing(app: FastifyInstance, services: Services): void {
  app.decorate('services', services);
  app.decorateRequest('ctx', null as unknown as RequestContext);
  // An upload endpoint's reader (platform/endpoint.ts), declared here so every request has the same shape.
  app.decorateRequest('upload', null);

  // Every API route comes from a contract declaration (platform/endpoint.ts), so the web client, the OpenAPI document and
  // the server cannot drift apart; the API documentation pages are the one exception.
  app.addHook('onRoute', (route) => {
    const isApi = route.url.startsWith('/api/') || route.url === '/token';
    if (!isApi || route.url.startsWith('/api/docs')) return;
    if (!route.config?.access) {
      throw new Error(`Route ${route.method} ${route.url} does not declare who may call it (config.access).`);
    }
    if (!route.config.endpoint) {
      throw new Error(`Route ${route.method} ${route.url} is not registered from a contract declaration (route()).`);
    }
  });

  app.addHook('onRequest', async (request) => {
    const token = bearerToken(request);
    request.ctx = {
      ...services,
      caller: token
        ? isApiKey(token)
          ? await resolveApiKeyCaller(services.db, token)
          : await resolveCaller(services.db, token)
        : null,
      requestId: (request.headers['x-request-id'] as string | undefined) ?? crypto.randomUUID(),
      ip: request.ip,
    };
  });

  // An answer given before the body was read (an upload over its limit) closes the connection: Node would otherwise read
  // the rest of the body, however large, before the connection could serve anything else.
  app.addHook('onSend', async (request, reply) => closeUnreadBody(request, reply));

  // Before validation: a caller who may not call the route learns nothing about its input rules.
  app.addHook('preValidation', async (request, reply) => {
    const access = request.routeOptions.config?.access;
    if (!access) return;
    const verdict = callerMeets(request.ctx.caller, access);
    if (verdict === 'unauthenticated')
      return reply.code(401).send({ message: 'Authorization has been denied for this request.' });
    if (verdict === 'forbidden') return reply.code(403).send({ message: 'You are not allowed to do this.' });
    const key = request.ctx.caller?.apiKey;
    if (key) {
      if (refusedToKeys(request)) return reply.code(403).send({ message: 'An API key cannot do this.' });
      if (key.readOnly && !READ_METHODS.has(request.method))
        return reply.code(403).send({ message: 'This API key may only read.' });
    }
  });

  // Every call made with an API key is audited with the key's name, reads included (issue 42).
  app.addHook('onResponse', async (request, reply) => {
    const key = request.ctx?.caller?.apiKey;
    if (!key || !request.routeOptions.config?.endpoint) return;
    await writeAudit(services.db, request.ctx, {
      entityType: 'ApiKey',
      entityId: key.id,
      actionType: 'ApiCall',
      after: { method: request.method, route: request.routeOptions.url, statusCode: reply.statusCode },
    }).catch((error: unknown) => request.log.error({ err: error }, 'API key call not audited'));
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    // Error bodies are ours, not the route's answer: its response schema must not turn them into a 500.
    reply.serializer(JSON.stringify);
    if (error instanceof HttpError) return reply.code(error.statusCode).send(error.body);
    const unreadable = unreadableBody(error);
    if (unreadable)
      return reply.code(400).send({ message: 'The request is invalid.', modelState: { body: [unreadable] } });
    // A client that hung up mid-request (its body cut short, its socket gone) is no outage: nobody reads the answer, and
    // logging it as "database unavailable" would let anyone raise false alarms.
    if (clientGone(request, error)) {
      request.log.info({ code: error.code }, 'client closed the request before it was read');
      return reply.code(400).send({ message: 'The request was not received whole.' });
    }
    const clash = constraintViolation(error);
    if (clash) return reply.code(clash.statusCode).send(clash.body);
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      return reply.code(503).send({ message: 'The service is temporarily unavailable. Please try again.' });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const modelState: Record<string, string[]> = {};
      for (const issue of error.validation) {
        const field =
          issue.instancePath.replace(/^\//, '').replace(/\//g, '.') ||
          (issue.params as { issue?: { path?: unknown[] } })?.issue?.path?.join('.') ||
          'request';
        (modelState[field] ??= []).push(issue.message ?? 'Invalid value.');
      }
      return reply.code(400).send({ message: 'The request is invalid.', modelState });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'response did not match its schema');
      return reply.code(500).send({ message: 'An error has occurred.' });
    }
    if (error.statusCode === 429) {
      // Rate-limit answers keep the token endpoint's OAuth-style fields so the sign-in form can show them.
      const limited = error as unknown as { error?: string; error_description?: string; message: string };
      return reply.code(429).send({
        message: limited.message,
        error: limited.error ?? 'too_many_requests',
        error_description: limited.error_description ?? limited.message,
      });
    }
    if (error.statusCode && error.statusCode < 500) {
      return reply.code(error.statusCode).send({ message: error.message });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send({ message: 'An error has occurred.' });
  });

  app.setNotFoundHandler((request, reply) =>
    reply.code(404).send({ message: `No route for ${request.method} ${request.url.split('?')[0]}.` }),
  );
}

/** Whether the error comes from the client's side of the connection closing (aborted body, reset socket). */
function clientGone(request: FastifyRequest, error: FastifyError): boolean {
  if (request.raw.aborted || (request.raw.destroyed && !request.raw.complete)) return true;
  return error.message === 'aborted' || (error.code === 'ECONNRESET' && request.raw.socket?.destroyed === true);
}

/** Fastify's and busboy's codes for a body that cannot be read: bad JSON, a truncated or malformed multipart form. */
const BODY_ERROR_CODES =
  /^(FST_ERR_CTP_|FST_INVALID_MULTIPART|FST_PARTS_LIMIT|FST_FILES_LIMIT|FST_FIELDS_LIMIT|FST_PROTO_VIOLATION)/;
const MULTIPART_PARSER_MESSAGES =
  /^(Unexpected end of (form|multipart data)|Malformed (part header|urlencoded form)|Multipart: Boundary not found|Part terminated early|Unexpected end of file)/;

/** What is wrong with a body the server could not read, or null when the error is about something else. */
function unreadableBody(error: FastifyError): string | null {
  if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || (error instanceof SyntaxError && error.statusCode === 400))
    return 'The body is not valid JSON.';
  // Too large (413) and unsupported media type (415) keep their own status.
  if (error.code && BODY_ERROR_CODES.test(error.code))
    return error.statusCode && error.statusCode !== 400 ? null : error.message;
  if (MULTIPART_PARSER_MESSAGES.test(error.message ?? '')) return 'The uploaded form ended early or is malformed.';
  return null;
}

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Tags of endpoints no key may call: sessions and the caller's own account, and the keys and webhooks themselves. */
const KEY_REFUSED_TAGS = new Set(['account', 'apikeys', 'webhooks']);
/** Operations that hand out a person's access (sign-in links, sign-in-as, passwords, security answers). */
const KEY_REFUSED_OPERATIONS = /signin|password|securityanswer/i;

function refusedToKeys(request: FastifyRequest): boolean {
  const schema = request.routeOptions.schema as { tags?: string[]; operationId?: string } | undefined;
  return (
    (schema?.tags ?? []).some((tag) => KEY_REFUSED_TAGS.has(tag)) ||
    KEY_REFUSED_OPERATIONS.test(schema?.operationId ?? '')
  );
}

/** The signed-in context of a request whose route rule already demanded a caller. */
export const signedIn = (request: FastifyRequest): SignedInContext => request.ctx as SignedInContext;
