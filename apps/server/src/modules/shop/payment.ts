// The payment port. Checkout, refund and void talk only to this interface; a real card processor plugs in as another
// implementation (docs/operations.md "Payments"). No outside service is reachable from this installation, so the
// built-in provider is MANUAL CAPTURE: the browser's card fields are checked (Luhn, expiry, CVV) and reduced to a token
// and the last 8 digits; the order is recorded as paid by manual capture and staff take the amount through the lab's
// own card terminal or invoice. It never claims to have charged a card: the payment method says ManualCapture and the
// reference is the order's capture reference. It declines a token whose card has expired or that it cannot read.
import crypto from 'node:crypto';

type ChargeRequest = { amountCents: number; cardToken: string; lastDigits: string; idempotencyKey: string };
type ChargeResult = { approved: true; method: string; reference: string } | { approved: false; reason: string };

export interface PaymentProvider {
  readonly name: string;
  charge(request: ChargeRequest): Promise<ChargeResult>;
  refund(reference: string, amountCents: number): Promise<{ reference: string }>;
  void(reference: string): Promise<{ reference: string }>;
}

/** The browser tokenizer's format: mc.<brand>.<yyyymm expiry>.<random>. */
const TOKEN = /^mc\.([a-z]+)\.(\d{6})\.([A-Za-z0-9_-]{16,64})$/;

function parseManualCaptureToken(token: string) {
  const match = TOKEN.exec(token);
  if (!match) return null;
  return { brand: match[1], expiry: match[2] };
}

const manualCaptureProvider: PaymentProvider = {
  name: 'ManualCapture',
  async charge(request) {
    const token = parseManualCaptureToken(request.cardToken);
    if (!token) return { approved: false, reason: 'unreadable token' };
    const now = new Date();
    const current = now.getUTCFullYear() * 100 + now.getUTCMonth() + 1;
    if (Number(token.expiry) < current) return { approved: false, reason: 'expired card' };
    const reference = `MC-${crypto.createHash('sha256').update(request.idempotencyKey).digest('hex').slice(0, 16)}`;
    return { approved: true, method: 'ManualCapture', reference };
  },
  async refund(reference) {
    return { reference: `${reference}-R` };
  },
  async void(reference) {
    return { reference: `${reference}-V` };
  },
};

export let paymentProvider: PaymentProvider = manualCaptureProvider;
