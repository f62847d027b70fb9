// The duplicate dog and gender mismatch reports' calls.
import type { EndpointInput, EndpointResponse } from '@registry/contracts/endpoint';
import { profileReportEndpoints } from '@registry/contracts/endpoints/profilereports';
import { callApi } from '../../lib/client';
import { reportKeys } from './reports.api';

export const profileReportKeys = {
  duplicateDogs: (q: object) => [...reportKeys.all, 'duplicateDogs', q] as const,
  genderMismatch: (q: object) => [...reportKeys.all, 'genderMismatch', q] as const,
};

export type DuplicateDogsQuery = EndpointInput<typeof profileReportEndpoints.duplicateDogs>['query'];
export type DuplicateDogsRow = EndpointResponse<typeof profileReportEndpoints.duplicateDogs>['data'][number];
export type GenderMismatchQuery = EndpointInput<typeof profileReportEndpoints.genderMismatch>['query'];
export type GenderMismatchRow = EndpointResponse<typeof profileReportEndpoints.genderMismatch>['data'][number];

export const fetchDuplicateDogs = (query: DuplicateDogsQuery) =>
  callApi(profileReportEndpoints.duplicateDogs, { query });
export const fetchGenderMismatch = (query: GenderMismatchQuery) =>
  callApi(profileReportEndpoints.genderMismatch, { query });
