// Every table of the database, one file per area.
export * from './accounts.ts';
export * from './groups.ts';
export * from './community.ts';
export * from './system.ts';
export * from './tallies.ts';
export * from './throttles.ts';
export * from './petowners.ts';
export * from './waste.ts';
export * from './dna.ts';
export * from './samples.ts';
export * from './shop.ts';
export * from './parentage.ts';
export * from './notifications.ts';
export * from './wasteresults.ts';
export * from './nomatchclusters.ts';
export * from './certificates.ts';
export * from './integrations.ts';
