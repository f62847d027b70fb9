// The ledger's URL state: page, size, sort and the state filter (an unknown state falls back to all).
import { z } from 'zod';
import { ledgerQuery } from '@registry/contracts';
import { reportSearch } from '../../components/reportSearch';

/** Derived from the endpoint's query schema (the list-and-report kit). */
export const ledgerSearch = reportSearch(ledgerQuery, { state: 'state' }).schema;
export type LedgerSearch = z.infer<typeof ledgerSearch>;
