// The ledger's URL state: page, size, sort and the state filter (an unknown state falls back to all).
import { z } from 'zod';
import { VIOLATION_STATES } from '@registry/contracts';
import { pagingSearch } from '../../components/UrlTable';

export const ledgerSearch = pagingSearch(25).extend({ state: z.enum(VIOLATION_STATES).optional().catch(undefined) });
export type LedgerSearch = z.infer<typeof ledgerSearch>;
