// Growable posting lists of profile slots, one per (marker, genotype); order inside a list carries no meaning.

export type Posting = { items: Uint32Array; length: number };

export function newPosting(capacity = 4): Posting {
  return { items: new Uint32Array(capacity), length: 0 };
}

export function pushPosting(p: Posting, slot: number): void {
  if (p.length === p.items.length) {
    const grown = new Uint32Array(Math.max(4, Math.ceil(p.items.length * 1.5)));
    grown.set(p.items);
    p.items = grown;
  }
  p.items[p.length++] = slot;
}

/** Removes one slot by swapping the last entry into its place. Linear in the list, which is fine for single edits. */
export function removePosting(p: Posting, slot: number): boolean {
  const at = p.items.subarray(0, p.length).indexOf(slot);
  if (at < 0) return false;
  p.items[at] = p.items[--p.length];
  return true;
}
