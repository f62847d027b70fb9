// URL state of the DNA lab screens: the plate view's filters and paging, controls, plate files and sample data.
import { z } from 'zod';
import { CONTROLS_PAGE_SIZE, SAMPLE_DATA_PAGE_SIZE, dnaProcessingQuery } from '@registry/contracts';
import { reportSearch } from '../../components/reportSearch';
import { pagingSearch, searchText } from '../../components/urlSearch';

const searchBoolean = z
  .union([z.boolean(), z.enum(['true', 'false'])])
  .transform((v) => v === true || v === 'true')
  .optional()
  .catch(undefined);

export const PROCESSING_PAGE_SIZES = [25, 50, 100, 200] as const;
/** The plate view's URL state, derived from its endpoint's query schema (the list-and-report kit); "Include updated"
 * is the screen's own (it keeps rows updated on this screen in view). */
export const processing = reportSearch(
  dnaProcessingQuery,
  { sampleNumber: 'sampleNumber', labStatus: 'labStatus', plateId: 'plateId', result: 'result' },
  { pageSize: 100, extra: { includeUpdated: searchBoolean } },
);
export const processingSearch = processing.schema;

export const controlsSearch = pagingSearch(CONTROLS_PAGE_SIZE).extend({ panelId: searchText });

export const platesSearch = pagingSearch(25).extend({
  fileNameFilter: searchText,
  plateNameFilter: searchText,
  createdByFilter: searchText,
  panelNameFilter: searchText,
  dateCreatedFilter: searchText,
});

export const sampleDataSearch = pagingSearch(SAMPLE_DATA_PAGE_SIZE).extend({ sampleNumber: searchText });
