// Program and lab analytics: query keys and the two reads (the exports are downloads through the ExportButton).
import { queryOptions } from '@tanstack/react-query';
import { analyticsEndpoints } from '@registry/contracts/endpoints/analytics';
import { callApi } from '../../lib/client';
import { dayjs } from '../../lib/dayjs';

const analyticsKeys = {
  all: ['analytics'] as const,
  program: (groupId: number, startDate: string, endDate: string) =>
    [...analyticsKeys.all, 'program', groupId, startDate, endDate] as const,
  lab: (startDate: string, endDate: string) => [...analyticsKeys.all, 'lab', startDate, endDate] as const,
};

export const programAnalyticsQuery = (groupId: number, startDate: string, endDate: string) =>
  queryOptions({
    queryKey: analyticsKeys.program(groupId, startDate, endDate),
    queryFn: ({ signal }) =>
      callApi(analyticsEndpoints.program, { query: { groupId, startDate, endDate } }, { signal }),
  });

export const labAnalyticsQuery = (startDate: string, endDate: string) =>
  queryOptions({
    queryKey: analyticsKeys.lab(startDate, endDate),
    queryFn: ({ signal }) => callApi(analyticsEndpoints.lab, { query: { startDate, endDate } }, { signal }),
  });

const URL_DAY = 'MM/DD/YYYY';
/**
 * The period the URL names (MM/DD/YYYY) as the API's yyyy-mm-dd days; by default the last twelve whole months, so the
 * months of both periods line up.
 */
export function periodOf(search: { startDate?: string; endDate?: string }) {
  const lastMonthEnd = dayjs().startOf('month').subtract(1, 'day');
  const start = search.startDate
    ? dayjs(search.startDate, URL_DAY)
    : lastMonthEnd.subtract(11, 'month').startOf('month');
  const end = search.endDate ? dayjs(search.endDate, URL_DAY) : lastMonthEnd;
  return {
    startDate: start.format('YYYY-MM-DD'),
    endDate: end.format('YYYY-MM-DD'),
    urlStart: start.format(URL_DAY),
    urlEnd: end.format(URL_DAY),
  };
}
