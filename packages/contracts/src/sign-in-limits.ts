// The sign-in form's limits, without zod: the web's sign-in page (its first download) reads them from here, and the
// token request's schema (accounts.ts) is built on them, so the two cannot disagree.
export const SIGN_IN_USER_NAME_MAX = 256;
export const SIGN_IN_PASSWORD_MAX = 128;
