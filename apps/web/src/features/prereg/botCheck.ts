// Solves the server's proof-of-work bot check in the browser: the nonce whose sha256 over `challenge:nonce` has the
// asked number of leading zero bits. Hashes run in batches so the page stays responsive while it works.
import { botCheckProof, leadingZeroBits } from '@registry/contracts';

export async function solveBotCheck(
  challenge: string,
  difficulty: number,
  onProgress?: (tried: number) => void,
): Promise<string> {
  const encoder = new TextEncoder();
  for (let nonce = 0; ; nonce++) {
    const proof = botCheckProof(challenge, nonce);
    const hash = new Uint8Array(await crypto.subtle.digest('SHA-256', encoder.encode(proof)));
    if (leadingZeroBits(hash) >= difficulty) return proof;
    if (nonce % 4096 === 4095) onProgress?.(nonce + 1);
  }
}
