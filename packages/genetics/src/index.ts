// Public API of @registry/genetics: the pure DNA engine used by the server, the benchmarks and the tests.

export * from './alleles.ts';
export * from './panels.ts';
export * from './profile.ts';
export * from './species.ts';
export * from './matching/compare.ts';
export * from './matching/identity.ts';
export * from './matching/statistics.ts';
export * from './parentage.ts';
export * from './relatives.ts';
export { ProfileIndex, AgreeMode, type IndexOptions } from './profile-index/profile-index.ts';
export * from './profile-index/search.ts';
export * from './profile-index/duplicates.ts';
export * from './profile-index/no-match-clusters.ts';
export { UnionFind } from './profile-index/union-find.ts';
export * from './genemapper/text.ts';
export * from './genemapper/parse.ts';
export * from './genemapper/sample-name.ts';
export * from './genemapper/wells.ts';
export * from './genemapper/validate.ts';
export * from './genemapper/controls.ts';
export * from './genemapper/import.ts';
export * from './genemapper/export.ts';
export * from './population/random.ts';
export * from './population/frequencies.ts';
export * from './population/generator.ts';
export * from './population/plates.ts';
