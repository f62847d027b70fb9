// Multipart uploads that stop at their limit: a body that says it is larger is refused before a byte of it is read, one
// that passes the limit while streaming (a chunked body has no length to check) is refused the moment it does, and
// either way the connection is closed after the answer so Node does not drain the rest (a 1 GB upload would otherwise
// be read to its end first).
// Fields come as text whether the client sent them as text or as application/json.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { MultipartFile } from '@fastify/multipart';
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

/**
 * The file part's bytes, or `tooLarge()` as soon as the part passes the request's fileSize limit. @fastify/multipart's
 * toBuffer only reports the limit once the part has ended, and busboy discards the rest of the part until then: the
 * whole body would be read before the answer. Settling on busboy's 'limit' event answers at once instead.
 */
export function readFilePart(part: MultipartFile, tooLarge: () => HttpError): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    if (part.file.truncated) return reject(tooLarge());
    part.file.once('limit', () => reject(tooLarge()));
    part
      .toBuffer()
      .then(resolve, (error: unknown) =>
        reject((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE' ? tooLarge() : error),
      );
  });
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
