// Opaque random tokens; only their SHA-256 is stored, so a database leak does not hand out sessions or reset links.
import crypto from 'node:crypto';

export const newToken = (): string => crypto.randomBytes(32).toString('base64url');
export const hashToken = (token: string): string => crypto.createHash('sha256').update(token).digest('hex');
