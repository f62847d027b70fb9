// Password hashing (argon2id) and the server's password rules, which the client validators read.
import crypto from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import { DEFAULT_PASSWORD_RULES, passwordProblems, type PasswordRules } from '@registry/contracts';

export const passwordRules: PasswordRules = DEFAULT_PASSWORD_RULES;

// OWASP's argon2id minimum (19 MiB, 2 iterations) keeps a sign-in under ~50 ms on these machines.
const ARGON2_OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string): Promise<string> => hash(password, ARGON2_OPTIONS);

export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  if (!passwordHash) return false;
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

export const checkPassword = (password: string) => passwordProblems(password, passwordRules);

/** A password that satisfies every rule, for resets the user receives by mail. */
export function generatePassword(): string {
  const pick = (alphabet: string) => alphabet[crypto.randomInt(alphabet.length)];
  const required = [
    pick('ABCDEFGHJKLMNPQRSTUVWXYZ'),
    pick('abcdefghijkmnopqrstuvwxyz'),
    pick('23456789'),
    pick('#$%&*+=?@'),
  ];
  const rest = Array.from({ length: 10 }, () => pick('ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789'));
  const characters = [...required, ...rest];
  for (let i = characters.length - 1; i > 0; i--) {
    const j = crypto.randomInt(i + 1);
    [characters[i], characters[j]] = [characters[j], characters[i]];
  }
  return characters.join('');
}
