// Errors services throw, and how they reach the client: the spec's { message, modelState } and { message, exceptionMessage } bodies.
export class HttpError extends Error {
  readonly statusCode: number;
  readonly body: Record<string, unknown>;
  constructor(statusCode: number, body: { message: string } & Record<string, unknown>) {
    super(body.message);
    this.statusCode = statusCode;
    this.body = body;
  }
}

/** 400 with field messages, as a failed validation. */
export const validationError = (modelState: Record<string, string[]>, message = 'The request is invalid.') =>
  new HttpError(400, { message, modelState });
/** 400 for an action the rules refuse; the spec's wording goes in exceptionMessage. */
export const refused = (exceptionMessage: string) =>
  new HttpError(400, { message: exceptionMessage, exceptionMessage });
export const notFound = (message = 'Not found.') => new HttpError(404, { message });
export const forbidden = (message = 'You are not allowed to do this.') => new HttpError(403, { message });
export const conflict = (exceptionMessage: string) =>
  new HttpError(409, { message: exceptionMessage, exceptionMessage });
