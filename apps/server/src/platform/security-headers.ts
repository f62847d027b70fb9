// The security headers every reply carries (content security policy, HSTS on HTTPS, nosniff, frame and referrer rules),
// written by helmet once at start-up and then copied onto each reply. Fastify's helmet plugin rebuilt helmet's whole
// middleware, its policy parsing included, on every request: a few percent of an everyday read's CPU and its garbage
// (docs/decisions/performance.md). The policy does not vary per request (no nonces), so one computation serves all.
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import type { IncomingMessage, ServerResponse } from 'node:http';

/** The headers helmet sets for these options, by lower-case name, as helmet itself computes them. */
function computeSecurityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let failure: unknown;
  // helmet's middleware is synchronous: it has set every header by the time it calls back.
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    failure = error;
  });
  if (failure) throw failure instanceof Error ? failure : new Error(String(failure));
  return headers;
}

/** Puts the headers on every reply, 404s and errors included; a route may still replace one (an SVG's own policy). */
export function registerSecurityHeaders(app: FastifyInstance, options: HelmetOptions): void {
  const headers = computeSecurityHeaders(options);
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}
