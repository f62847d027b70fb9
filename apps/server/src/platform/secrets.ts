// Secrets kept at rest (security answers): AES-256-GCM under the configured key, and the key file made for the embedded
// default. Rows written before encryption read as they are until the start-up pass encrypts them.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../config.ts';

const PREFIX = 'enc:v1:';
const DATA_KEY_FILE = 'data-encryption.key';

export function encryptSecret(key: Buffer, plaintext: string): string {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv('aes-256-gcm', key, iv);
  const sealed = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final(), cipher.getAuthTag()]);
  return `${PREFIX}${iv.toString('base64')}:${sealed.toString('base64')}`;
}

const isEncrypted = (stored: string) => stored.startsWith(PREFIX);

/** The plaintext of a stored secret; a value from before encryption is returned as it is. A wrong key throws. */
export function decryptSecret(key: Buffer, stored: string): string {
  if (!isEncrypted(stored)) return stored;
  const [ivText, sealedText] = stored.slice(PREFIX.length).split(':');
  const sealed = Buffer.from(sealedText ?? '', 'base64');
  const decipher = crypto.createDecipheriv('aes-256-gcm', key, Buffer.from(ivText, 'base64'));
  decipher.setAuthTag(sealed.subarray(sealed.length - 16));
  return Buffer.concat([decipher.update(sealed.subarray(0, sealed.length - 16)), decipher.final()]).toString('utf8');
}

/** The configured key; a configuration without one (contexts built by hand) cannot store secrets. */
export function dataKeyOf(config: Pick<Config, 'dataEncryptionKey'>): Buffer {
  if (!config.dataEncryptionKey) throw new Error('No data encryption key is configured (DATA_ENCRYPTION_KEY).');
  return config.dataEncryptionKey;
}

/** The embedded default: the key in DATA_DIR, made on first start and readable by this machine's user only. */
export function readOrCreateDataKey(dataDir: string): Buffer {
  const file = path.join(dataDir, DATA_KEY_FILE);
  if (fs.existsSync(file)) {
    const key = Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'base64');
    if (key.length !== 32) throw new Error(`${file} does not hold a 32-byte base64 key.`);
    return key;
  }
  fs.mkdirSync(dataDir, { recursive: true });
  const key = crypto.randomBytes(32);
  fs.writeFileSync(file, `${key.toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
  return key;
}
