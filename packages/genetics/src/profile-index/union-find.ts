// Union-find over dense integer slots (union by size, path halving), growing as slots are added.

export class UnionFind {
  private parent: Int32Array;
  private size: Int32Array;

  constructor(capacity = 16) {
    this.parent = new Int32Array(Math.max(1, capacity)).map((_, i) => i);
    this.size = new Int32Array(Math.max(1, capacity)).fill(1);
  }

  private ensure(n: number): void {
    if (n < this.parent.length) return;
    let cap = this.parent.length;
    while (cap <= n) cap *= 2;
    const parent = new Int32Array(cap).map((_, i) => i);
    parent.set(this.parent);
    const size = new Int32Array(cap).fill(1);
    size.set(this.size);
    this.parent = parent;
    this.size = size;
  }

  find(x: number): number {
    this.ensure(x);
    const p = this.parent;
    while (p[x] !== x) {
      p[x] = p[p[x]];
      x = p[x];
    }
    return x;
  }

  /** Joins the sets of a and b; returns the new root. */
  union(a: number, b: number): number {
    let ra = this.find(a);
    let rb = this.find(b);
    if (ra === rb) return ra;
    if (this.size[ra] < this.size[rb]) [ra, rb] = [rb, ra];
    this.parent[rb] = ra;
    this.size[ra] += this.size[rb];
    return ra;
  }

  /** Makes x a singleton again; only valid when nothing else points at x (callers reset whole components). */
  reset(x: number): void {
    this.ensure(x);
    this.parent[x] = x;
    this.size[x] = 1;
  }
}
