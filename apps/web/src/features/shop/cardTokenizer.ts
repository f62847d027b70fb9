// The card fields' tokenizer of the built-in manual-capture provider (see docs/operations.md "Payments"). It checks the
// number (Luhn), the expiry and the CVV in the browser and gives back a token and the last 8 digits; the full number
// and the CVV never leave the page. A real processor's hosted fields replace this function; the 10 s timeout wraps
// whichever tokenizer runs.
import { ShopMessages } from '@registry/contracts';

const TOKENIZATION_TIMEOUT_MS = 10_000;

export type CardFields = { cardNumber: string; expiry: string; cvv: string };
export type TokenizedCard = { cardToken: string; lastDigits: string; cardType: string };

export function luhnValid(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

function cardBrand(digits: string): string {
  if (/^4/.test(digits)) return 'visa';
  if (/^(5[1-5]|2[2-7])/.test(digits)) return 'mastercard';
  if (/^3[47]/.test(digits)) return 'amex';
  if (/^6(011|5)/.test(digits)) return 'discover';
  return 'card';
}

/** MM/YY or MM/YYYY, not before the current month. Returns yyyymm or null. */
function parseExpiry(text: string, now = new Date()): string | null {
  const match = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(text);
  if (!match) return null;
  const month = Number(match[1]);
  const year = match[2].length === 2 ? 2000 + Number(match[2]) : Number(match[2]);
  if (month < 1 || month > 12) return null;
  if (year * 100 + month < now.getFullYear() * 100 + now.getMonth() + 1) return null;
  return `${year}${String(month).padStart(2, '0')}`;
}

/** The invalid fields' names in the spec's message ('Invalid {fields} entered. Please try again.'), or null. */
export function invalidCardFields(fields: CardFields, now = new Date()): string | null {
  const digits = fields.cardNumber.replace(/[\s-]/g, '');
  const bad: string[] = [];
  if (!luhnValid(digits)) bad.push('card number');
  if (!parseExpiry(fields.expiry, now)) bad.push('expiry date');
  const cvvLength = cardBrand(digits) === 'amex' ? 4 : 3;
  if (!new RegExp(`^\\d{${cvvLength}}$`).test(fields.cvv.trim())) bad.push('CVV');
  return bad.length ? ShopMessages.invalidCard(bad.join(', ')) : null;
}

function randomPart() {
  const bytes = new Uint8Array(18);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(36).padStart(2, '0'))
    .join('')
    .slice(0, 24);
}

export async function tokenizeCard(fields: CardFields, now = new Date()): Promise<TokenizedCard> {
  const problem = invalidCardFields(fields, now);
  if (problem) throw new Error(problem);
  const digits = fields.cardNumber.replace(/[\s-]/g, '');
  const brand = cardBrand(digits);
  return {
    cardToken: `mc.${brand}.${parseExpiry(fields.expiry, now)}.${randomPart()}`,
    lastDigits: digits.slice(-8),
    cardType: brand,
  };
}

/** Runs a tokenizer with the spec's 10 s limit. */
export function withTokenizationTimeout<T>(work: Promise<T>, ms = TOKENIZATION_TIMEOUT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(ShopMessages.tokenizationTimeout)), ms);
    work.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}
