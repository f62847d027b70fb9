// What the request log may hold: URLs without sign-in tokens, database errors without their query parameters.
import type { FastifyRequest } from 'fastify';

/** Query parameters whose values are credentials (sign-in links, reset links). */
const SECRET_PARAMETERS = /^(token|access_token|password)$/i;

/** The URL with the value of every secret query parameter replaced, so a logged sign-in link cannot be replayed. */
export function redactUrl(url: string): string {
  const query = url.indexOf('?');
  if (query < 0) return url;
  const parts = url
    .slice(query + 1)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      const name = equals < 0 ? pair : pair.slice(0, equals);
      let decoded = name;
      try {
        decoded = decodeURIComponent(name);
      } catch {
        // A malformed name stays as it is; it cannot be one of ours anyway.
      }
      return equals >= 0 && SECRET_PARAMETERS.test(decoded) ? `${name}=[redacted]` : pair;
    });
  return `${url.slice(0, query)}?${parts.join('&')}`;
}

type LoggedError = {
  type: string;
  message: string;
  stack?: string;
  code?: unknown;
  cause?: LoggedError;
  [key: string]: unknown;
};

/** Fields of database errors that repeat the data: query parameters, and PostgreSQL's detail ("Key (email)=(...)"). */
const DATA_FIELDS = new Set(['params', 'parameters', 'detail', 'where', 'query', 'cause', 'stack', 'message']);

/**
 * An error as the log may keep it. Drizzle's query errors put the parameters (argon2 hashes, emails, answers) in their
 * message and stack, and PostgreSQL's `detail` repeats conflicting values: both are left out.
 */
export function serializeError(error: unknown, depth = 0): LoggedError {
  if (!(error instanceof Error)) return { type: typeof error, message: String(error) };
  const fields = error as Error & Record<string, unknown>;
  const isQueryError = Array.isArray(fields.params) && typeof fields.query === 'string';
  const message = isQueryError ? `Failed query: ${String(fields.query)}` : error.message;
  const frames = (error.stack ?? '').split('\n').filter((line) => /^\s+at /.test(line));
  const logged: LoggedError = {
    type: error.constructor.name,
    message,
    stack: [`${error.name}: ${message}`, ...frames].join('\n'),
  };
  if (isQueryError) logged.parameterCount = (fields.params as unknown[]).length;
  for (const [key, value] of Object.entries(fields)) {
    if (!DATA_FIELDS.has(key) && (value === null || ['string', 'number', 'boolean'].includes(typeof value)))
      logged[key] = value;
  }
  if (error.cause !== undefined && depth < 3) logged.cause = serializeError(error.cause, depth + 1);
  return logged;
}

export const logSerializers = {
  req(request: FastifyRequest) {
    return {
      method: request.method,
      url: redactUrl(request.url),
      host: request.host,
      remoteAddress: request.ip,
      remotePort: request.socket?.remotePort,
    };
  },
  err: serializeError,
};
