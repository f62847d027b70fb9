// Attempt limits of sign-in, forgot password, reset password and token login: per address and per user name, with a
// lockout that doubles each time it recurs, counted in the database so every process and a restart see the same counts.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Messages, hasControlCharacters } from '@registry/contracts';
import type { Db } from '../db/client.ts';
import * as q from './auth-throttle.queries.ts';

/** verifyCertificate: the public certificate check, counted per address (only codes that find nothing add up). */
type ThrottledAction = 'signIn' | 'forgotPassword' | 'resetPassword' | 'tokenLogin' | 'verifyCertificate';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Counts this call's attempts per address and user name (see auth-throttle.ts). */
    authThrottle?: ThrottledAction;
  }
  interface FastifyRequest {
    throttleKeys?: ThrottleKey[];
  }
}

const WINDOW_MS = 60_000;
const FIRST_LOCKOUT_MS = 60_000;
const LONGEST_LOCKOUT_MS = 60 * 60_000;
/** A lockout streak is forgotten once this long has passed since the last lockout ended. */
const STREAK_MEMORY_MS = 60 * 60_000;

/** The user name (or email) a call names, lower-cased; token login names none. */
function subjectOf(action: ThrottledAction, body: unknown): string | null {
  const fields = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  const value =
    action === 'forgotPassword' ? fields.email : action === 'tokenLogin' ? null : (fields.userName ?? fields.username);
  // A name with control characters is refused by validation; PostgreSQL would refuse its NUL as a key.
  if (typeof value !== 'string' || !value.trim() || hasControlCharacters(value)) return null;
  return value.trim().toLowerCase().slice(0, 256);
}

/** How many times the per-attempt limit an address may spend over all the user names it tries. */
export const ADDRESS_LIMIT_FACTOR = 10;
/** How many times the limit one user name may take from all addresses together. */
export const USER_LIMIT_FACTOR = 3;

type ThrottleKey = { key: string; limit: number };

/**
 * The counters an attempt adds to. A person's typing mistakes count against their own user name at their address
 * (`limit` a minute); the user name over all addresses gets a few times that, so guessing one account from many
 * addresses still stops; the address alone only far above one person's mistakes, so one office or one proxy's
 * address does not lock out everyone behind it.
 */
function throttleKeys(action: ThrottledAction, ip: string, body: unknown, limit: number): ThrottleKey[] {
  const subject = subjectOf(action, body);
  // Forgot-password calls send mail: their address keeps the plain limit.
  const wide = subject && action !== 'forgotPassword';
  const address = { key: `${action}:ip:${ip}`, limit: wide ? limit * ADDRESS_LIMIT_FACTOR : limit };
  if (!subject) return [address];
  return [
    { key: `${action}:ipuser:${ip}:${subject}`.slice(0, 400), limit },
    { key: `${action}:user:${subject}`, limit: limit * USER_LIMIT_FACTOR },
    address,
  ];
}

/**
 * Counts one attempt on each key. Answers the seconds to wait when any key is locked out (then nothing is counted on
 * it), or null when the attempt may go ahead.
 */
async function countAttempt(db: Db, keys: ThrottleKey[]): Promise<number | null> {
  let waitSeconds: number | null = null;
  for (const { key, limit: limitPerMinute } of keys) {
    const wait = await db.transaction(async (tx) => {
      const row = await q.lockThrottle(tx, key);
      const now = row.now.getTime();
      if (row.lockedUntil && row.lockedUntil.getTime() > now)
        return Math.ceil((row.lockedUntil.getTime() - now) / 1000);
      const streakOver = row.lockedUntil && now - row.lockedUntil.getTime() > STREAK_MEMORY_MS;
      const lockouts = streakOver ? 0 : row.lockouts;
      const windowOver = now - row.windowStarted.getTime() >= WINDOW_MS;
      const attempts = windowOver ? 1 : row.attempts + 1;
      if (attempts <= limitPerMinute) {
        await q.updateThrottle(tx, key, {
          attempts,
          lockouts,
          windowStarted: windowOver ? row.now : row.windowStarted,
        });
        return null;
      }
      const lockoutMs = Math.min(FIRST_LOCKOUT_MS * 2 ** lockouts, LONGEST_LOCKOUT_MS);
      await q.updateThrottle(tx, key, {
        attempts: 0,
        windowStarted: row.now,
        lockouts: lockouts + 1,
        lockedUntil: new Date(now + lockoutMs),
      });
      return Math.ceil(lockoutMs / 1000);
    });
    if (wait !== null) waitSeconds = Math.max(waitSeconds ?? 0, wait);
  }
  return waitSeconds;
}

/** Forgets counters that can no longer change an answer, so the table holds only recent callers. */
export function pruneStaleThrottles(db: Db): Promise<number> {
  return q.deleteStaleThrottles(db, Math.max(WINDOW_MS, STREAK_MEMORY_MS));
}

const PRUNE_EVERY_MS = 10 * 60_000;

/** Registers the check (before the handler) and the give-back of a successful attempt (when answered). */
export function registerAuthThrottle(app: FastifyInstance): void {
  app.addHook('preHandler', async (request: FastifyRequest, reply) => {
    const action = request.routeOptions.config?.authThrottle;
    if (!action) return;
    const { db, config } = app.services;
    const keys = throttleKeys(action, request.ip, request.body, config.rateLimitPerMinute);
    const waitSeconds = await countAttempt(db, keys);
    if (waitSeconds !== null) {
      // The token endpoint's OAuth-style fields, so the sign-in form shows the message.
      return reply.code(429).header('retry-after', String(waitSeconds)).serializer(JSON.stringify).send({
        message: Messages.tooManyAttempts,
        error: 'too_many_requests',
        error_description: Messages.tooManyAttempts,
      });
    }
    request.throttleKeys = keys;
  });
  // Each process prunes now and then; two doing it at once delete the same rows, which is harmless.
  const pruning = setInterval(() => {
    pruneStaleThrottles(app.services.db).catch((error: unknown) =>
      app.log.warn({ err: error }, 'throttle pruning failed'),
    );
  }, PRUNE_EVERY_MS);
  pruning.unref();
  app.addHook('onClose', async () => clearInterval(pruning));
  // A successful sign-in, reset or token login gives its attempt back, so only failures add up; a forgot-password call
  // always counts, because each one sends mail.
  app.addHook('onSend', async (request, reply, payload) => {
    const action = request.routeOptions.config?.authThrottle;
    if (!request.throttleKeys || action === 'forgotPassword' || reply.statusCode >= 400) return payload;
    for (const { key } of request.throttleKeys) await q.releaseAttempt(app.services.db, key);
    return payload;
  });
}
