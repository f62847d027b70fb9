import { ISAG_2006_CANINE, ProfileIndex, createPopulation, identifyWasteSample, AgreeMode } from '../src/index.ts';
const panel = ISAG_2006_CANINE; const N = 1000000; const pop = createPopulation(panel, 1);
const stride = panel.markers.length * 2; const codes = new Uint16Array(N * stride);
for (let i = 0; i < N; i++) pop.writeDog(codes, i * stride);
const index = ProfileIndex.fromCodes(panel, Float64Array.from({ length: N }, (_, i) => i + 1), codes);
const ws = Array.from({length: 200}, (_, q) => q % 5 === 4 ? pop.wasteFrom(pop.dog()) : pop.wasteFrom({ panel, codes: codes.subarray(q * stride, (q + 1) * stride) }));
const a: number[] = [], b: number[] = [];
for (const w of ws) { const t0 = performance.now(); index.agreeingSlots(w, 14, AgreeMode.Consistent); const t1 = performance.now(); identifyWasteSample(index, w); b.push(performance.now() - t1); a.push(t1 - t0); }
a.sort((x, y) => x - y); b.sort((x, y) => x - y);
console.log('agreeingSlots median', a[100].toFixed(2), 'p90', a[180].toFixed(2), 'identify median', b[100].toFixed(2), 'p90', b[180].toFixed(2));
