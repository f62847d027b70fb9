// Flagged samples under a group: the list call and its query keys.
import { flaggedSampleEndpoints, type EndpointInput, type EndpointResponse } from '@registry/contracts';
import { callApi } from '../../lib/client';
import type { FlaggedSamplesSearch } from './flaggedsamples.search';

export type FlaggedSample = EndpointResponse<typeof flaggedSampleEndpoints.list>['data'][number];
type FlaggedQuery = NonNullable<EndpointInput<typeof flaggedSampleEndpoints.list>['query']>;

export const flaggedSampleKeys = {
  all: ['flaggedsamples'] as const,
  list: (groupId: number, query: FlaggedQuery) => [...flaggedSampleKeys.all, groupId, query] as const,
};

/** The URL state as the API's request (spec 2 "Flagged list filters"). */
export const flaggedRequest = (p: FlaggedSamplesSearch): FlaggedQuery => ({
  page: p.page,
  pageSize: p.pageSize,
  orderBy: p.orderBy,
  ascending: p.ascending,
  sampleType: p.sampletype,
  sampleNumber: p.samplenumber,
  dateFlagged: p.dateflagged,
  notesPreview: p.notes,
  groupName: p.groupname,
  sampleStatus: p.samplestatus,
});

export const fetchFlaggedSamples = (groupId: number, query: FlaggedQuery) =>
  callApi(flaggedSampleEndpoints.list, { params: { id: groupId }, query });
