// Reads an upload as its endpoint declares it (packages/contracts: file parts, model schema, size limit, kinds), for the
// route helper (platform/endpoint.ts), which calls it only after the access check, so a caller who may not upload is
// answered before a byte of the body is read.
// A body that says it is larger than the limit is refused before it is read, one that passes the limit while streaming
// (a chunked body has no length to check) is refused the moment it does, and either way the connection is closed after
// the answer so Node does not drain the rest (a 1 GB upload would otherwise be read to its end first).
// The model part is read whether the client sent it as text or as application/json. Every refusal has one shape: 400
// `{ message, modelState }` naming the part (plus `exceptionMessage` with the spec's wording of a refused file).
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { MultipartFile } from '@fastify/multipart';
import type { z } from 'zod';
import type { Upload } from '@registry/contracts';
import { validationError, type HttpError } from './errors.ts';
import { acceptedUploadType, uploadRefused } from './uploads.ts';

/** One uploaded file; `type` is what its bytes show for image uploads, else the type the client declared. */
export type UploadedFile = { content: Buffer; fileName: string; type: string };
/** What an upload endpoint's handler receives: the validated model and each declared file part. */
export type UploadedParts<Model> = { model: Model; files: Record<string, UploadedFile> };

/** Room for the multipart boundaries, part headers and small fields around the files themselves. */
const FORM_OVERHEAD_BYTES = 64 * 1024;
const NO_FILE = 'Please select a file.';

/** Reads the upload `upload` declares from `request`; a refusal is thrown as an HttpError. */
export async function readUpload<Model>(
  request: FastifyRequest,
  upload: Upload,
  modelSchema: z.ZodType<Model> | undefined,
): Promise<UploadedParts<Model>> {
  const firstPart = upload.files[0] ?? upload.optionalFiles?.[0] ?? 'file';
  if (!request.isMultipart()) throw uploadRefused(firstPart, NO_FILE);
  const tooLarge = (part: string) => () => uploadRefused(part, upload.tooLarge);
  const allParts = [...upload.files, ...(upload.optionalFiles ?? [])];
  refuseDeclaredOversize(request, upload.maxFileBytes * allParts.length, tooLarge(firstPart));
  const files: Record<string, UploadedFile> = {};
  let modelText: string | undefined;
  try {
    const limits = { fileSize: upload.maxFileBytes, files: allParts.length };
    for await (const part of request.parts({ limits })) {
      if (part.type === 'file') {
        const content = await readFilePart(part, tooLarge(part.fieldname));
        if (allParts.includes(part.fieldname))
          files[part.fieldname] = { content, fileName: part.filename ?? '', type: part.mimetype };
      } else if (part.fieldname === 'model') modelText = fieldText(part.value);
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge(firstPart)();
    if (code === 'FST_FILES_LIMIT')
      throw uploadRefused(
        firstPart,
        allParts.length > 1 ? `Upload at most ${allParts.length} files.` : 'Upload one file only.',
      );
    throw error;
  }
  const model = modelSchema ? parseModel(modelSchema, modelText) : (undefined as Model);
  for (const name of allParts) {
    const file = files[name];
    if (!file && !upload.files.includes(name)) continue;
    if (!file || file.content.length === 0) throw uploadRefused(name, NO_FILE);
    // Stored and served under the type its bytes show, never the one the client declared.
    if (upload.notAccepted)
      file.type = acceptedUploadType(
        { content: file.content, mimetype: file.type },
        upload.contentTypes,
        upload.notAccepted,
        name,
      );
  }
  return { model, files };
}

/** The model part: JSON validated by the endpoint's schema; a bad one is the standard 400 naming its fields. */
function parseModel<Model>(schema: z.ZodType<Model>, raw: string | undefined): Model {
  let json: unknown;
  try {
    json = JSON.parse(raw ?? '');
  } catch {
    throw validationError({ model: ['The model part must be JSON.'] });
  }
  const parsed = schema.safeParse(json);
  if (parsed.success) return parsed.data;
  const modelState: Record<string, string[]> = {};
  for (const issue of parsed.error.issues) (modelState[issue.path.join('.') || 'model'] ??= []).push(issue.message);
  throw validationError(modelState);
}

/** Refuses a request whose declared length already passes `maxFileBytes` plus the form's overhead, unread. */
function refuseDeclaredOversize(request: FastifyRequest, maxFileBytes: number, tooLarge: () => HttpError): void {
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxFileBytes + FORM_OVERHEAD_BYTES) throw tooLarge();
}

/**
 * The file part's bytes, or `tooLarge()` as soon as the part passes the request's fileSize limit. @fastify/multipart's
 * toBuffer only reports the limit once the part has ended, and busboy discards the rest of the part until then: the
 * whole body would be read before the answer. Settling on busboy's 'limit' event answers at once instead.
 */
function readFilePart(part: MultipartFile, tooLarge: () => HttpError): Promise<Buffer> {
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
function fieldText(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/**
 * After an answer to a request whose body was not read to its end, closes the connection instead of draining the rest.
 * Registered once for every route by the HTTP plumbing.
 */
export function closeUnreadBody(request: FastifyRequest, reply: FastifyReply): void {
  if (!request.raw.complete) reply.header('connection', 'close');
}
