// URL state of the DNA lab screens: the plate view's filters and paging, controls, plate files and sample data.
import { z } from 'zod';
import { CONTROLS_PAGE_SIZE, SAMPLE_DATA_PAGE_SIZE } from '@registry/contracts';
import { pagingSearch, searchText } from '../../components/urlSearch';

const optionalInt = z.coerce.number().int().optional().catch(undefined);
const searchBoolean = z
  .union([z.boolean(), z.enum(['true', 'false'])])
  .transform((v) => v === true || v === 'true')
  .optional()
  .catch(undefined);

export const PROCESSING_PAGE_SIZES = [25, 50, 100, 200] as const;
export const processingSearch = pagingSearch(100).extend({
  sampleNumber: searchText,
  labStatus: optionalInt,
  plateId: z.coerce.number().int().positive().optional().catch(undefined),
  result: z.enum(['Pass', 'Fail', 'Pending']).optional().catch(undefined),
  includeUpdated: searchBoolean,
});

export const controlsSearch = pagingSearch(CONTROLS_PAGE_SIZE).extend({ panelId: searchText });

export const platesSearch = pagingSearch(25).extend({
  fileNameFilter: searchText,
  plateNameFilter: searchText,
  createdByFilter: searchText,
  panelNameFilter: searchText,
  dateCreatedFilter: searchText,
});

export const sampleDataSearch = pagingSearch(SAMPLE_DATA_PAGE_SIZE).extend({ sampleNumber: searchText });
