// Multipart uploads that stop at their limit: a body that says it is larger is refused before a byte of it is read, one
// that passes the limit while streaming is refused there (@fastify/multipart's fileSize), and either way the connection
// is closed after the answer so Node does not drain the rest (a 1 GB upload would otherwise be read to its end first).
// Fields come as text whether the client sent them as text or as application/json.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { HttpError } from './errors.ts';

/** Room for the multipart boundaries, part headers and small fields around the file itself. */
const FORM_OVERHEAD_BYTES = 64 * 1024;

/**
 * Refuses a request whose declared length already passes `maxFileBytes` plus the form's overhead: nothing of its body
 * is read. Call first in an upload route.
 */
export function refuseDeclaredOversize(request: FastifyRequest, maxFileBytes: number, tooLarge: () => HttpError): void {
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxFileBytes + FORM_OVERHEAD_BYTES) throw tooLarge();
}

/** A field's value as text: @fastify/multipart hands an application/json part over already parsed. */
export function fieldText(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/**
 * After an answer to a request whose body was not read to its end, closes the connection instead of draining the rest.
 * Registered once for every route by the HTTP plumbing.
 */
export function closeUnreadBody(request: FastifyRequest, reply: FastifyReply): void {
  if (!request.raw.complete) reply.header('connection', 'close');
}
