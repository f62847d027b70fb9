// Violation notices' query keys, queries and mutations over callApi (issue 41).
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { violationEndpoints, type EndpointInput, type EndpointResponse } from '@registry/contracts';
import { callApi, postForm, uploadForm } from '../../lib/client';
import type { LedgerSearch } from './violations.search';

export type NoticeView = EndpointResponse<typeof violationEndpoints.get>;
export type NoticeRow = EndpointResponse<typeof violationEndpoints.mine>[number];
export type ScheduleBody = EndpointInput<typeof violationEndpoints.saveSchedule>['body'];
export type Decision = EndpointInput<typeof violationEndpoints.review>['body'];
export type PayBody = EndpointInput<typeof violationEndpoints.pay>['body'];

export const violationKeys = {
  all: ['violations'] as const,
  schedule: (groupId: number) => [...violationKeys.all, 'schedule', groupId] as const,
  ledger: (groupId: number, params: LedgerSearch) => [...violationKeys.all, 'ledger', groupId, params] as const,
  totals: (groupId: number) => [...violationKeys.all, 'totals', groupId] as const,
  notice: (id: number) => [...violationKeys.all, 'notice', id] as const,
  mine: () => [...violationKeys.all, 'mine'] as const,
  myNotice: (id: number) => [...violationKeys.all, 'mine', id] as const,
};

export const money = (cents: number) => `$${(cents / 100).toFixed(2)}`;

export const scheduleQuery = (groupId: number) =>
  queryOptions({
    queryKey: violationKeys.schedule(groupId),
    queryFn: () => callApi(violationEndpoints.schedule, { params: { groupId } }),
  });
export const ledgerQuery = (groupId: number, p: LedgerSearch) =>
  callApi(violationEndpoints.ledger, {
    params: { groupId },
    query: { page: p.page, pageSize: p.pageSize, orderBy: p.orderBy, ascending: p.ascending, state: p.state },
  });
export const totalsQuery = (groupId: number) =>
  queryOptions({
    queryKey: violationKeys.totals(groupId),
    queryFn: () => callApi(violationEndpoints.totals, { params: { groupId } }),
  });
export const noticeQuery = (id: number) =>
  queryOptions({
    queryKey: violationKeys.notice(id),
    queryFn: () => callApi(violationEndpoints.get, { params: { id } }),
  });
export const myNoticesQuery = () =>
  queryOptions({ queryKey: violationKeys.mine(), queryFn: () => callApi(violationEndpoints.mine, {}) });
export const myNoticeQuery = (id: number) =>
  queryOptions({
    queryKey: violationKeys.myNotice(id),
    queryFn: () => callApi(violationEndpoints.myNotice, { params: { id } }),
  });

/** Every violation mutation refreshes the notices, the ledgers and the totals it may have changed. */
function useViolationMutation<I, O>(mutationFn: (input: I) => Promise<O>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => qc.invalidateQueries({ queryKey: violationKeys.all }) });
}

export const useSaveSchedule = (groupId: number) =>
  useViolationMutation((body: ScheduleBody) => callApi(violationEndpoints.saveSchedule, { params: { groupId }, body }));
export const useClearSchedule = (groupId: number) =>
  useViolationMutation(() => callApi(violationEndpoints.clearSchedule, { params: { groupId } }));
export const useIssueNotice = () =>
  useViolationMutation((matchResultId: number) => callApi(violationEndpoints.issue, { body: { matchResultId } }));
export const useReview = (id: number) =>
  useViolationMutation((body: Decision) => callApi(violationEndpoints.review, { params: { id }, body }));
export const useDecideAppeal = (id: number) =>
  useViolationMutation((body: Decision) => callApi(violationEndpoints.decideAppeal, { params: { id }, body }));
export const useReswab = (id: number) =>
  useViolationMutation((notes: string | null) =>
    callApi(violationEndpoints.reswab, { params: { id }, body: { notes } }),
  );
export const usePay = (id: number) =>
  useViolationMutation((body: PayBody) => callApi(violationEndpoints.pay, { params: { id }, body }));
/** The dispute is multipart: the reason in the model part and the optional photo. */
export const useDispute = (id: number) =>
  useViolationMutation(({ reason, photo }: { reason: string; photo?: File | null }) =>
    postForm(
      violationEndpoints.dispute,
      { params: { id } },
      uploadForm(violationEndpoints.dispute, [], { reason }, { photo }),
      'The dispute could not be sent.',
    ),
  );
export const useAppeal = (id: number) =>
  useViolationMutation((reason: string) => callApi(violationEndpoints.appeal, { params: { id }, body: { reason } }));
