// Benchmarks of the DNA engine against the plain scans, side by side in one process.
// Usage: npm run bench -w packages/genetics [-- --size N]. Prints a table and one JSON line per figure.

import { cpus, loadavg } from 'node:os';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import {
  type DnaProfile,
  type DogProfileRecord,
  ISAG_2006_CANINE,
  ProfileIndex,
  Sex,
  createPopulation,
  evaluateParentage,
  exportGeneMapper,
  findDuplicatePairs,
  findDuplicatePairsByScan,
  findSimilarProfiles,
  findSimilarProfilesByScan,
  findRelatives,
  relativeLikelihoods,
  generatePlate,
  identifyWasteSample,
  identifyWasteSampleByScan,
  importGeneMapperPlate,
} from '../src/index.ts';
import { plainParentage, toText } from './baselines.ts';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const SIZE = arg('--size', 1_000_000);
const SEED = arg('--seed', 20260101);
const panel = ISAG_2006_CANINE;

type Figure = {
  bench: string;
  median_ms?: number;
  baseline_ms?: number | null;
  ratio?: number | null;
  n: number;
  mb?: number;
  budget: string;
  note?: string;
};
const figures: Figure[] = [];

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
}

function time<T>(f: () => T): { ms: number; value: T } {
  const t = performance.now();
  const value = f();
  return { ms: performance.now() - t, value };
}

function record(f: Figure): void {
  figures.push(f);
  const round = (x: number | null | undefined) => (x == null ? x : Math.round(x * 1000) / 1000);
  const json = {
    bench: f.bench,
    ...(f.mb !== undefined
      ? { mb: round(f.mb) }
      : { median_ms: round(f.median_ms), baseline_ms: round(f.baseline_ms), ratio: round(f.ratio) }),
    n: f.n,
  };
  console.log(JSON.stringify(json));
}

function mem(): number {
  gc();
  gc();
  const m = process.memoryUsage();
  return m.heapUsed + m.arrayBuffers;
}

console.log(
  `# DNA engine benchmark: ${SIZE.toLocaleString('en')} profiles, panel ${panel.name}, seed ${SEED}, node ${process.version}`,
);
console.log(
  `# machine: ${cpus().length} x ${cpus()[0]?.model ?? 'unknown CPU'}; load average at start ${loadavg()[0].toFixed(1)} (other processes share the cores)`,
);

// ---- population: unrelated dogs (2% missing a few markers) plus 0.1% re-registered dogs with up to two genotyping errors
const pop = createPopulation(panel, SEED);
const stride = panel.markers.length * 2;
const gen = time(() => {
  const codes = new Uint16Array(SIZE * stride);
  for (let i = 0; i < SIZE; i++) {
    if (i > 10 && pop.random.chance(0.001)) {
      const from = pop.random.int(i);
      codes.copyWithin(i * stride, from * stride, (from + 1) * stride);
      for (let e = pop.random.int(3); e > 0; e--) {
        const m = pop.random.pick(panel.typingMarkers);
        codes[i * stride + m * 2 + 1] = codes[i * stride + m * 2]; // a missed heterozygote
      }
    } else {
      pop.writeDog(codes, i * stride);
      // 2 % of approved dogs miss one to three markers (still above the panel minimum).
      if (pop.random.chance(0.02)) {
        for (let e = 1 + pop.random.int(3); e > 0; e--) {
          const at = i * stride + pop.random.pick(panel.typingMarkers) * 2;
          codes.fill(0, at, at + 2);
        }
      }
    }
  }
  return codes;
});
const codes = gen.value;
const ids = Float64Array.from({ length: SIZE }, (_, i) => i + 1);
console.log(`# generated in ${(gen.ms / 1000).toFixed(1)} s`);

const before = mem();
const built = time(() => ProfileIndex.fromCodes(panel, ids, codes));
const index = built.value;
const indexBytes = mem() - before;
console.log(`# index built in ${(built.ms / 1000).toFixed(1)} s`);
record({ bench: 'index_memory', mb: indexBytes / 1048576, n: SIZE, budget: '< 300 MB at 1,000,000' });

const profileAt = (slot: number): DnaProfile => ({ panel, codes: codes.subarray(slot * stride, (slot + 1) * stride) });
function* records(): Generator<DogProfileRecord> {
  for (let slot = 0; slot < SIZE; slot++) yield { id: slot + 1, profile: profileAt(slot) };
}
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
let mismatches = 0;

// ---- identity search
{
  const queries = Array.from({ length: 101 }, (_, q) =>
    q % 5 === 4 ? pop.wasteFrom(pop.dog()) : pop.wasteFrom(profileAt(pop.random.int(SIZE))),
  );
  for (const q of queries.slice(0, 5)) identifyWasteSample(index, q);
  const fast = queries.map((q) => time(() => identifyWasteSample(index, q)));
  // The scan weighs agreeing dogs with the registry's frequencies and size, as the server's property scan does.
  const evidence = { alleleFrequencies: index.alleleFrequencies(), registrySize: index.size };
  const base = queries.slice(0, 5).map((q) => time(() => identifyWasteSampleByScan(q, records(), evidence)));
  base.forEach((b, i) => {
    if (!same(b.value, fast[i].value)) mismatches++;
  });
  const m = median(fast.map((f) => f.ms));
  const b = median(base.map((x) => x.ms));
  record({ bench: 'identity_search', median_ms: m, baseline_ms: b, ratio: b / m, n: SIZE, budget: '< 5 ms' });
}

// ---- similar profiles (6 and 0)
{
  const slots = Array.from({ length: 21 }, () => pop.random.int(SIZE));
  const fast = slots.map((s) => time(() => findSimilarProfiles(index, profileAt(s), { excludeId: s + 1 })));
  const base = slots
    .slice(0, 3)
    .map((s) => time(() => findSimilarProfilesByScan(profileAt(s), records(), { excludeId: s + 1 })));
  base.forEach((b, i) => {
    if (!same(b.value, fast[i].value)) mismatches++;
  });
  const m = median(fast.map((f) => f.ms));
  const b = median(base.map((x) => x.ms));
  record({ bench: 'similar_profiles_6_0', median_ms: m, baseline_ms: b, ratio: b / m, n: SIZE, budget: '< 50 ms' });
}

// ---- relatives of one profile (a scan of the columnar codes); baseline: the pair function over every record
{
  const slots = Array.from({ length: 11 }, () => pop.random.int(SIZE));
  const freqs = index.alleleFrequencies();
  const fast = slots.map((s) => time(() => findRelatives(index, profileAt(s), { excludeId: s + 1 }, freqs)));
  const base = slots.slice(0, 3).map((s) =>
    time(() => {
      let listed = 0;
      for (const r of records()) {
        if (r.id === s + 1) continue;
        const lr = relativeLikelihoods(profileAt(s), r.profile, freqs);
        if ((lr.excludingMarkers === 0 && lr.parentOffspring > 1) || lr.fullSiblings > 1) listed++;
      }
      return listed;
    }),
  );
  const m = median(fast.map((f) => f.ms));
  const b = median(base.map((x) => x.ms));
  record({
    bench: 'relatives_scan',
    median_ms: m,
    baseline_ms: b,
    ratio: b / m,
    n: SIZE,
    budget: '< 100 ms per 100,000',
  });
}

// ---- all duplicate pairs; the all-pairs scan is quadratic, so it runs on a sample and is scaled by (N / n)^2
{
  const dup = time(() => findDuplicatePairs(index));
  const n0 = Math.min(SIZE, 4000);
  const sample = [...records()]
    .slice(0, n0)
    .map((r) => ({ id: r.id, profile: { panel, codes: r.profile.codes.slice() } }));
  const scan = time(() => findDuplicatePairsByScan(sample));
  const small = ProfileIndex.fromCodes(panel, ids.subarray(0, n0), codes);
  if (!same(findDuplicatePairs(small), scan.value)) mismatches++;
  const baseline = scan.ms * (SIZE / n0) ** 2;
  record({
    bench: 'duplicate_pairs',
    median_ms: dup.ms,
    baseline_ms: baseline,
    ratio: baseline / dup.ms,
    n: SIZE,
    budget: '< 60000 ms',
    note: `${dup.value.length} pairs; ${n0 < SIZE ? `baseline extrapolated from ${n0}` : 'baseline measured'}`,
  });
  console.log(`# duplicate pairs found: ${dup.value.length}`);
}

// ---- 10,000 parentage trios
{
  const trios = Array.from({ length: 10_000 }, (_, i) => {
    const dam = profileAt(pop.random.int(SIZE));
    const sire = i % 2 ? profileAt(pop.random.int(SIZE)) : pop.dog(Sex.Male);
    const puppy = i % 3 ? pop.litter(dam, sire, 1)[0] : pop.dog();
    return { puppy, dam, sire };
  });
  const names = panel.typingMarkers.map((m) => panel.markers[m].name);
  const text = trios.map((t) => ({ puppy: toText(t.puppy), dam: toText(t.dam), sire: toText(t.sire) }));
  const engine = () => trios.map((t) => evaluateParentage(t.puppy, t.dam, t.sire).result);
  const plain = () => text.map((t) => plainParentage(t.puppy, t.dam, t.sire, names, panel.minimumMarkers));
  engine();
  plain();
  // Interleaved, so load from other processes falls on both alike.
  const runs: { ms: number; value: string[] }[] = [];
  const base: { ms: number; value: string[] }[] = [];
  for (let r = 0; r < 9; r++) {
    runs.push(time(engine));
    base.push(time(plain));
  }
  if (!same(runs[0].value, base[0].value)) mismatches++;
  const m = median(runs.map((r) => r.ms));
  const b = median(base.map((r) => r.ms));
  record({ bench: 'parentage_10000_trios', median_ms: m, baseline_ms: b, ratio: b / m, n: 10_000, budget: '< 100 ms' });
}

// ---- 384-well plate import (parse, validate, controls); no plain counterpart, so no baseline
{
  const plate = generatePlate(createPopulation(panel, SEED + 1), { size: 384 });
  const file = exportGeneMapper(panel, plate.samples);
  const runs = Array.from({ length: 11 }, () =>
    time(() => importGeneMapperPlate(file, panel, { positiveControlProfile: plate.positiveControl })),
  );
  if (!runs[0].value.ok) mismatches++;
  record({
    bench: 'plate_384_import',
    median_ms: median(runs.map((r) => r.ms)),
    baseline_ms: null,
    ratio: null,
    n: 384,
    budget: '< 200 ms',
    note: `${(file.length / 1024).toFixed(0)} KiB, ${file.split('\n').length - 2} rows`,
  });
}

console.log('');
console.log('| bench | n | engine | plain scan | ratio | budget |');
console.log('|---|---|---|---|---|---|');
for (const f of figures) {
  const engine = f.mb !== undefined ? `${f.mb.toFixed(1)} MB` : `${(f.median_ms ?? 0).toFixed(2)} ms`;
  const base = f.baseline_ms == null ? '-' : `${f.baseline_ms.toFixed(1)} ms`;
  const ratio = f.ratio == null ? '-' : `${f.ratio.toFixed(f.ratio < 10 ? 1 : 0)}x`;
  console.log(
    `| ${f.bench}${f.note ? ` (${f.note})` : ''} | ${f.n.toLocaleString('en')} | ${engine} | ${base} | ${ratio} | ${f.budget} |`,
  );
}
console.log(`# load average at end ${loadavg()[0].toFixed(1)}`);
console.log(
  mismatches === 0
    ? '# engine and plain scans agreed on every compared answer'
    : `# WARNING: ${mismatches} answers differed from the plain scan`,
);
if (mismatches > 0) process.exitCode = 1;
