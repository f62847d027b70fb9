// Every schema module, for the endpoint declarations' loaders (endpoints/*.ts); `z` for the few inline shapes there.
export { z } from 'zod';
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
export * from './wastesamples.ts';
export * from './dna.ts';
export * from './samples.ts';
export * from './pets.ts';
