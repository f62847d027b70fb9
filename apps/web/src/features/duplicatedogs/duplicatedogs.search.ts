// URL state of the duplicate dog report (review status, pet-owner group, sample number; default page size 10) and the
// similar DNA profiles tool.
import { z } from 'zod';
import { DUPLICATE_REPORT_PAGE_SIZE, SimilarProfilesMode } from '@registry/contracts';
import { pagingSearch, searchText } from '../../components/urlSearch';

export const duplicateReportSearch = pagingSearch(DUPLICATE_REPORT_PAGE_SIZE).extend({
  review: z.enum(['All', 'Unreviewed', 'Reviewed']).catch('All').default('All'),
  groupId: z.coerce.number().int().positive().optional().catch(undefined),
  samplenumber: searchText,
  /** A cluster ordering (spec 3 §3): NumberOfCandidates, SampleNumber or Property; absent keeps the report's order. */
  sort: z.enum(['NumberOfCandidates', 'SampleNumber', 'Property']).optional().catch(undefined),
});
export type DuplicateReportSearch = z.infer<typeof duplicateReportSearch>;

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
