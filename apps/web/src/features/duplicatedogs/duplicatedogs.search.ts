// URL state of the duplicate dog report (review status, pet-owner group, sample number; default page size 10) and the
// similar DNA profiles tool.
import { z } from 'zod';
import { DUPLICATE_REPORT_PAGE_SIZE, SimilarProfilesMode, duplicateReportQuery } from '@registry/contracts';
import { reportSearch } from '../../components/reportSearch';
import { searchText } from '../../components/urlSearch';

/** Derived from the endpoint's query schema (the list-and-report kit), with the screen's own two keys. */
export const duplicateReportSearch = reportSearch(
  duplicateReportQuery,
  { groupId: 'groupId', samplenumber: 'sampleNumberFilter' },
  {
    pageSize: DUPLICATE_REPORT_PAGE_SIZE,
    extra: {
      // One choice in the URL for the query's two flags (pending, approved).
      review: z.enum(['All', 'Unreviewed', 'Reviewed']).catch('All').default('All'),
      /** A cluster ordering (spec 3 §3) under the URL's own key: NumberOfCandidates, SampleNumber or Property. */
      sort: z.enum(['NumberOfCandidates', 'SampleNumber', 'Property']).optional().catch(undefined),
    },
  },
).schema;
export type DuplicateReportSearch = z.infer<typeof duplicateReportSearch>;

// Hand-written: a tool, not a list; its URL keys feed two endpoints (thresholds or relatives) by mode.
export const similarSearch = z.object({
  samplenumber: searchText,
  /** Thresholds (the spec's search) or Relatives (possible parents, offspring and full siblings). */
  mode: z
    .enum([SimilarProfilesMode.Thresholds, SimilarProfilesMode.Relatives])
    .catch(SimilarProfilesMode.Thresholds)
    .default(SimilarProfilesMode.Thresholds),
  min: z.coerce.number().int().min(1).max(64).catch(6).default(6),
  max: z.coerce.number().int().min(0).max(64).catch(0).default(0),
  propertyId: z.coerce.number().int().positive().optional().catch(undefined),
  /** Relatives mode: markers at which a possible parent or offspring may share no allele. */
  exclude: z.coerce.number().int().min(0).max(3).catch(0).default(0),
});
