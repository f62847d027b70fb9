// Public surface of the shared contracts: enums, messages, and per-domain zod schemas.
export * from './enums.ts';
export * from './common.ts';
export * from './messages.ts';
export * from './addresses.ts';
export * from './accounts.ts';
export * from './groups.ts';
export * from './admins.ts';
export * from './system.ts';
export * from './lookups.ts';
export * from './petowners.ts';
export * from './residents.ts';
export * from './dna.ts';
export * from './rights.ts';
export * from './labTime.ts';
export * from './endpoint.ts';
export * from './endpoints/index.ts';
