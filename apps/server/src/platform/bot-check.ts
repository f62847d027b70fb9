// The pre-registration bot check, with no outside service: the server hands out a signed, expiring challenge; the
// browser finds a nonce whose sha256 over the challenge has enough leading zero bits (proof of work) and sends both in
// the bot-check header. The signature makes challenges unforgeable, the spent list makes each one admit a single post.
import crypto from 'node:crypto';
import { leadingZeroBits } from '@registry/contracts';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { refused } from './errors.ts';
import { dataKeyOf } from './secrets.ts';
import { spendChallenge } from './bot-check.queries.ts';

/** About 65,000 hashes on average: a second or so in a browser, a real cost for a script posting thousands. */
const BOT_CHECK_DIFFICULTY = 16;
const LIFETIME_MS = 30 * 60 * 1000;
const BOT_CHECK_FAILED = 'The bot check failed. Please reload the page and try again.';

function signingKey(config: Pick<Config, 'dataEncryptionKey'>): Buffer {
  return Buffer.from(crypto.hkdfSync('sha256', dataKeyOf(config), Buffer.alloc(0), 'pre-registration bot check', 32));
}
const sign = (config: Pick<Config, 'dataEncryptionKey'>, payload: string) =>
  crypto.createHmac('sha256', signingKey(config)).update(payload).digest('base64url');

export function issueChallenge(config: Pick<Config, 'dataEncryptionKey'>, now = Date.now()) {
  const payload = `v1.${now + LIFETIME_MS}.${crypto.randomBytes(12).toString('base64url')}`;
  return { challenge: `${payload}.${sign(config, payload)}`, difficulty: BOT_CHECK_DIFFICULTY };
}

/** Checks the header's proof and spends its challenge (in the caller's transaction); refuses anything less. */
export async function assertBotCheck(
  db: Db,
  config: Pick<Config, 'dataEncryptionKey'>,
  header: string | undefined,
  now = Date.now(),
) {
  const separator = header?.lastIndexOf(':') ?? -1;
  if (!header || separator < 0 || header.length > 300) throw refused(BOT_CHECK_FAILED);
  const challenge = header.slice(0, separator);
  const nonce = header.slice(separator + 1);
  const [version, expires, random, signature] = challenge.split('.');
  if (version !== 'v1' || !/^\d{1,10}$/.test(nonce) || !random || !signature) throw refused(BOT_CHECK_FAILED);
  const expected = Buffer.from(sign(config, `${version}.${expires}.${random}`));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !crypto.timingSafeEqual(expected, given)) throw refused(BOT_CHECK_FAILED);
  if (!(Number(expires) > now)) throw refused(BOT_CHECK_FAILED);
  const hash = crypto.createHash('sha256').update(header).digest();
  if (leadingZeroBits(hash) < BOT_CHECK_DIFFICULTY) throw refused(BOT_CHECK_FAILED);
  const challengeHash = crypto.createHash('sha256').update(challenge).digest('hex');
  if (!(await spendChallenge(db, challengeHash, new Date(Number(expires))))) throw refused(BOT_CHECK_FAILED);
}

/** Solves a challenge (tests and scripts; the browser has its own WebCrypto loop). */
export function solveChallenge(challenge: string, difficulty = BOT_CHECK_DIFFICULTY): string {
  for (let nonce = 0; ; nonce++) {
    const proof = `${challenge}:${nonce}`;
    if (leadingZeroBits(crypto.createHash('sha256').update(proof).digest()) >= difficulty) return proof;
  }
}
