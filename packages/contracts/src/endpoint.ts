// One declaration per API endpoint: method, path, operationId, who may call it, and its zod schemas. The server registers
// the route from it (validation, serialisation, OpenAPI) and the web app calls it through the typed client built on it.
//
// The schemas sit behind a loader (a dynamic import of the domain's schema module) so that the browser, which only needs
// the method and the path at run time and the schemas' types at compile time, never downloads zod for a call it makes.
import type { z } from 'zod';
import type { Right } from './rights.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Who may call an endpoint. 'admin': any admin role; 'adminManager': admins who manage other admins (not property
 * maintenance); 'providerStaff': the provider's own admins (roles 0-2); an array: exactly those roles; `{ right }`: the
 * roles the rights table (rights.ts) gives that action.
 */
export type Access =
  'anonymous' | 'signedIn' | 'admin' | 'adminManager' | 'providerStaff' | readonly number[] | { right: Right };

/** The schemas of one endpoint; `response` is the 200 answer, `responses` any other documented status. */
export type EndpointSchemas = {
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  response: z.ZodType;
  responses?: Record<number, z.ZodType>;
  /** An upload's `model` part: JSON, sent as text or as application/json. */
  model?: z.ZodType;
};

/**
 * A multipart upload: its file parts, how large a file may be and what it may be. The model part's schema is the
 * endpoint's `model` schema. The server's route helper reads it (after the access check, before the handler's work);
 * the OpenAPI document shows it as the multipart/form-data body.
 */
export type Upload = {
  /** The file parts by name, each one file and each required. */
  files: readonly string[];
  /** File parts that may be left out (each one file when sent, screened like the others). */
  optionalFiles?: readonly string[];
  /** The largest file accepted, in bytes. */
  maxFileBytes: number;
  /** The answer to a larger file, in the spec's words. */
  tooLarge: string;
  /** What the files may be. Images are told by their bytes, never by the type the client declares. */
  contentTypes: readonly string[];
  /** The answer to a file whose bytes show none of the image types in `contentTypes`. */
  notAccepted?: string;
};

export type Endpoint<
  M extends HttpMethod = HttpMethod,
  P extends string = string,
  S extends EndpointSchemas = EndpointSchemas,
> = {
  method: M;
  /** Under /api/v1, with Fastify-style parameters: '/group/:id'. */
  path: P;
  operationId: string;
  tags: readonly string[];
  access: Access;
  /** 'form': application/x-www-form-urlencoded (the token endpoint); 'multipart': an upload, declared in `upload`. */
  bodyKind: 'json' | 'form' | 'multipart';
  upload?: Upload;
  summary?: string;
  schemas: () => Promise<S>;
};

export type AnyEndpoint = Endpoint<HttpMethod, string, EndpointSchemas>;

type Options = { bodyKind?: 'json' | 'form'; upload?: Upload; summary?: string };

/**
 * Endpoints of one domain. `load` imports the domain's schema module; each declaration picks its schemas from it.
 * The pick runs only where the schemas are needed (the server, tests), never in the browser's calls.
 */
export function endpointGroup<Module>(tags: readonly string[], load: () => Promise<Module>) {
  let loaded: Promise<Module> | null = null;
  const schemaModule = () => (loaded ??= load());
  const declare =
    <M extends HttpMethod>(method: M) =>
    <P extends string, S extends EndpointSchemas, O extends Options = {}>(
      path: P,
      operationId: string,
      access: Access,
      pick: (schemas: Module) => S,
      options: O = {} as O,
    ) => {
      const endpoint: Endpoint<M, P, S> = {
        method,
        path,
        operationId,
        tags,
        access,
        bodyKind: options.upload ? 'multipart' : (options.bodyKind ?? 'json'),
        ...(options.upload ? { upload: options.upload } : {}),
        summary: options.summary,
        schemas: async () => pick(await schemaModule()),
      };
      // An upload endpoint's type says so, for the route helper's `request.upload()` and the client's model type.
      return endpoint as Endpoint<M, P, S> & (O extends { upload: Upload } ? { upload: Upload } : unknown);
    };
  return {
    get: declare('GET'),
    post: declare('POST'),
    put: declare('PUT'),
    patch: declare('PATCH'),
    delete: declare('DELETE'),
  };
}

type SchemasOf<E extends AnyEndpoint> = Awaited<ReturnType<E['schemas']>>;
type Field<E extends AnyEndpoint, K extends 'params' | 'query' | 'body' | 'model'> = SchemasOf<E>[K] extends z.ZodType
  ? SchemasOf<E>[K]
  : undefined;

/** What the route handler receives, after validation and coercion. */
export type EndpointParams<E extends AnyEndpoint> =
  Field<E, 'params'> extends z.ZodType ? z.output<Field<E, 'params'>> : undefined;
export type EndpointQuery<E extends AnyEndpoint> =
  Field<E, 'query'> extends z.ZodType ? z.output<Field<E, 'query'>> : undefined;
export type EndpointBody<E extends AnyEndpoint> =
  Field<E, 'body'> extends z.ZodType ? z.output<Field<E, 'body'>> : undefined;
/** An upload's model as the server reads it, after validation and defaults. */
export type EndpointModel<E extends AnyEndpoint> =
  Field<E, 'model'> extends z.ZodType ? z.output<Field<E, 'model'>> : undefined;
/** An upload's model as a client sends it (JSON in the `model` part). */
export type EndpointModelInput<E extends AnyEndpoint> =
  Field<E, 'model'> extends z.ZodType ? z.input<Field<E, 'model'>> : undefined;
/** What the route handler returns: the response schema's input, which the serialiser turns into the answer. */
export type EndpointReply<E extends AnyEndpoint> = z.input<SchemasOf<E>['response']>;
/** What the client receives: the response schema's output. */
export type EndpointResponse<E extends AnyEndpoint> = z.output<SchemasOf<E>['response']>;

type InputPart<E extends AnyEndpoint, K extends 'params' | 'query' | 'body'> =
  Field<E, K> extends z.ZodType
    ? undefined extends z.input<Field<E, K>>
      ? { [P in K]?: z.input<Field<E, K>> }
      : {} extends z.input<Field<E, K>>
        ? { [P in K]?: z.input<Field<E, K>> }
        : { [P in K]: z.input<Field<E, K>> }
    : { [P in K]?: never };

/** What a client sends: path parameters, query and body, each typed from the endpoint's schemas. */
export type EndpointInput<E extends AnyEndpoint> = InputPart<E, 'params'> &
  InputPart<E, 'query'> &
  InputPart<E, 'body'>;

/** The path with its parameters filled in, each encoded. */
export function endpointPath(endpoint: Pick<AnyEndpoint, 'path'>, params?: Record<string, unknown>): string {
  return endpoint.path.replace(/:([A-Za-z0-9_]+)/g, (_match, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null) throw new Error(`Missing path parameter ${name} of ${endpoint.path}.`);
    return encodeURIComponent(String(value));
  });
}
