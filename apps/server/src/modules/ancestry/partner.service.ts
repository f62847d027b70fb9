// The partner frame (/lifeplans, spec 3 "Partner iframe"). PARTNER_BASE_URL and PARTNER_SECRET configure it; without
// them the session answers configured: false and the page says so. A registered user gets a short-lived token signed
// with HMAC-SHA256 over the shared secret (header.payload.signature, the JWT HS256 layout) that the partner verifies.
import crypto from 'node:crypto';
import { PartnerMessages } from '@registry/contracts';
import { writeAudit } from '../../platform/audit.ts';
import { withTransaction, type SignedInContext } from '../../platform/context.ts';
import { refused } from '../../platform/errors.ts';
import { userById } from '../accounts/users.ts';
import * as q from './partner.queries.ts';

const PARTNER_TOKEN_LIFETIME_SECONDS = 300;
const PARTNER_ROUTE = '/lifeplans';

const base64url = (data: Buffer | string) => Buffer.from(data).toString('base64url');

function signPartnerToken(secret: string, claims: Record<string, unknown>, now = Date.now()) {
  const header = base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
  const iat = Math.floor(now / 1000);
  const payload = base64url(JSON.stringify({ ...claims, iat, exp: iat + PARTNER_TOKEN_LIFETIME_SECONDS }));
  const signature = crypto.createHmac('sha256', secret).update(`${header}.${payload}`).digest('base64url');
  return `${header}.${payload}.${signature}`;
}

/** What the partner does with a token: checks the signature and the expiry; the claims, or null. */
export function verifyPartnerToken(secret: string, token: string, now = Date.now()) {
  const [header, payload, signature] = token.split('.');
  if (!header || !payload || !signature) return null;
  const expected = crypto.createHmac('sha256', secret).update(`${header}.${payload}`).digest();
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) return null;
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { exp: number };
  return claims.exp * 1000 > now ? claims : null;
}

export async function iframeSession(ctx: SignedInContext) {
  const { partnerBaseUrl, partnerSecret } = ctx.config;
  if (!partnerBaseUrl || !partnerSecret) return { configured: false, token: null, baseUrl: null, route: null };
  const account = await q.partnerAccountOf(ctx.db, ctx.caller.userId);
  if (!account) return { configured: true, token: null, baseUrl: partnerBaseUrl, route: null };
  const token = signPartnerToken(partnerSecret, { sub: account.partnerUserRef, name: ctx.caller.fullName });
  return { configured: true, token, baseUrl: partnerBaseUrl, route: PARTNER_ROUTE };
}

/** Registers the caller with the partner after the terms; a caller without a postal address is sent to their profile. */
export async function registerCurrentUser(ctx: SignedInContext) {
  if (!ctx.config.partnerBaseUrl || !ctx.config.partnerSecret) throw refused(PartnerMessages.notConfigured);
  const address = (await userById(ctx, ctx.caller.userId))?.address;
  if (!address?.addressLine1 || !address.city || !address.postalCode) throw refused(PartnerMessages.addressRequired);
  return withTransaction(ctx, async (tx, txCtx) => {
    const partnerUserRef = `reg-${ctx.caller.userId}-${crypto.randomBytes(8).toString('hex')}`;
    await q.addPartnerAccount(tx, ctx.caller.userId, partnerUserRef);
    await writeAudit(txCtx.db, txCtx, {
      entityType: 'PartnerAccount',
      entityId: ctx.caller.userId,
      actionType: 'Create',
    });
    return { message: 'Registered with the partner.' };
  });
}
