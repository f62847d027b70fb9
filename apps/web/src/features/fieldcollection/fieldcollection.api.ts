// Field collection calls of the screens: a waste sample's custody, the collection record the lab receipt shows, and a
// property's collection points (the offline queue sends the collections itself: collectionQueue.ts).
import { queryOptions } from '@tanstack/react-query';
import { fieldCollectionEndpoints, type EndpointInput, type EndpointResponse } from '@registry/contracts';
import { callApi } from '../../lib/client';

export type Custody = EndpointResponse<typeof fieldCollectionEndpoints.custody>;
export type CollectionRecord = EndpointResponse<typeof fieldCollectionEndpoints.bySampleNumber>;
export type PointsQuery = EndpointInput<typeof fieldCollectionEndpoints.points>['query'];

const fieldCollectionKeys = {
  all: ['fieldcollection'] as const,
  custody: (wasteSampleId: number) => [...fieldCollectionKeys.all, 'custody', wasteSampleId] as const,
  record: (sampleNumber: string) => [...fieldCollectionKeys.all, 'record', sampleNumber] as const,
  points: (query: PointsQuery) => [...fieldCollectionKeys.all, 'points', query] as const,
};

export const custodyQuery = (wasteSampleId: number) =>
  queryOptions({
    queryKey: fieldCollectionKeys.custody(wasteSampleId),
    queryFn: () => callApi(fieldCollectionEndpoints.custody, { query: { wasteSampleId } }),
  });

/** The collection record of a sample, or null when it was entered without one. */
export const collectionRecordQuery = (sampleNumber: string) =>
  queryOptions({
    queryKey: fieldCollectionKeys.record(sampleNumber),
    queryFn: () =>
      callApi(
        fieldCollectionEndpoints.bySampleNumber,
        { query: { sampleNumber } },
        { handleErrorsSpecifically: true },
      ).catch((error: unknown) => {
        if ((error as { status?: number }).status === 404) return null;
        throw error;
      }),
  });

export const pointsQuery = (query: PointsQuery) =>
  queryOptions({
    queryKey: fieldCollectionKeys.points(query),
    queryFn: () => callApi(fieldCollectionEndpoints.points, { query }),
  });
