// URL state of the DNA lab screens: the plate view's filters and paging, controls, plate files and sample data.
import { z } from 'zod';
import {
  CONTROLS_PAGE_SIZE,
  SAMPLE_DATA_PAGE_SIZE,
  controlsQuery,
  dnaProcessingQuery,
  platesQuery,
} from '@registry/contracts';
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

export const controlsSearch = reportSearch(
  controlsQuery,
  { panelId: 'panelId' },
  { pageSize: CONTROLS_PAGE_SIZE },
).schema;

export const platesSearch = reportSearch(platesQuery, {
  fileNameFilter: 'fileNameFilter',
  plateNameFilter: 'plateNameFilter',
  createdByFilter: 'createdByFilter',
  panelNameFilter: 'panelNameFilter',
  dateCreatedFilter: 'dateCreatedFilter',
}).schema;

// Hand-written: its endpoint takes the sample number in the path (no query schema) and the page pages in the browser.
export const sampleDataSearch = pagingSearch(SAMPLE_DATA_PAGE_SIZE).extend({ sampleNumber: searchText });
