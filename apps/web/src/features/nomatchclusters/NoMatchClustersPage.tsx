// The no-match clusters lab tool (/lab-tools/no-match-clusters, spec 3 §2): clusters of waste samples from the same
// unknown dog, filtered by status (pending, approved, denied), repeated, approval date range, group and sample number;
// select-all, per-cluster and per-candidate checkboxes; approve selected, approve all single, and per candidate approve,
// approve as single, deny and move to another cluster; the waste sample details modal; the possible relatives of a
// cluster's unknown dog among the registered dogs. Default page size 5.
import { useMemo, useState } from 'react';
import { App, Button, Card, Checkbox, Form, Space, Table } from 'antd';
import { useQuery } from '@tanstack/react-query';
import {
  GroupTypes,
  NO_MATCH_MESSAGES,
  NO_MATCH_PAGE_SIZES,
  NoMatchCandidateStatus as Status,
  can,
  noMatchClustersQuery,
  type CandidateKey,
} from '@registry/contracts';
import { dayjs } from '../../lib/dayjs';
import { useCurrentUser } from '../../lib/auth';
import { DateRangePicker } from '../../components/DateRangePicker';
import { useErrorDialog } from '../../components/ErrorPresenter';
import { PageTitle } from '../../components/PageTitle';
import { UpdateOnEnterInput } from '../../components/UpdateOnEnterInput';
import { UrlTable, useUrlState } from '../../components/UrlTable';
import { ReportGroupField } from '../reports/ReportGroupField';
import { ClusterRelativesModal } from './components/ClusterRelativesModal';
import { MoveCandidateModal } from './components/MoveCandidateModal';
import { StatusTag } from './components/StatusTag';
import { WasteSampleDetailsModal } from './components/WasteSampleDetailsModal';
import {
  clustersRequest,
  fetchClusters,
  noMatchKeys,
  useCandidateAction,
  type Cluster,
  type ClusterCandidate,
} from './nomatchclusters.api';
import { noMatchClustersSearch, type NoMatchClustersSearch } from './nomatchclusters.search';
import { showDate } from '../../components/labTime';

const URL_DATE = 'MM/DD/YYYY';
const GROUP_TYPES = [
  GroupTypes.HierarchyRoot,
  GroupTypes.DistributorshipManagementGroup,
  GroupTypes.Distributorship,
  GroupTypes.ManagementGroup,
  GroupTypes.Property,
];
const keyText = (k: CandidateKey) => `${k.associatedClusterId}:${k.associatedDnaProfileId}`;
const keyOf = (m: ClusterCandidate): CandidateKey => ({
  associatedClusterId: m.associatedClusterId,
  associatedDnaProfileId: m.associatedDnaProfileId,
});
const FLAGS: { key: 'pending' | 'approved' | 'denied' | 'repeated'; label: string }[] = [
  { key: 'pending', label: 'Pending' },
  { key: 'approved', label: 'Approved' },
  { key: 'denied', label: 'Denied' },
  { key: 'repeated', label: 'Repeated' },
];

export function NoMatchClustersPage() {
  const [params, setParams] = useUrlState(noMatchClustersSearch);
  const me = useCurrentUser();
  const mayManage = Boolean(me && can(me.roleId, 'noMatchCluster.manage'));
  const { message } = App.useApp();
  const showError = useErrorDialog();
  const action = useCandidateAction();
  const [selected, setSelected] = useState<Map<string, CandidateKey>>(new Map());
  const [moving, setMoving] = useState<ClusterCandidate | null>(null);
  const [details, setDetails] = useState<number | null>(null);
  const [relativesOf, setRelativesOf] = useState<number | null>(null);
  const request = clustersRequest(params);
  // The page the table shows (the same query, shared through the cache) for select-all.
  const page = useQuery({ queryKey: noMatchKeys.list(request), queryFn: () => fetchClusters(request) });
  const pageKeys = useMemo(() => (page.data?.data ?? []).flatMap((c) => c.candidates.map(keyOf)), [page.data]);
  const allSelected = pageKeys.length > 0 && pageKeys.every((k) => selected.has(keyText(k)));

  const toggle = (keys: CandidateKey[], on: boolean) =>
    setSelected((prev) => {
      const next = new Map(prev);
      for (const k of keys) {
        if (on) next.set(keyText(k), k);
        else next.delete(keyText(k));
      }
      return next;
    });
  const act = (run: () => Promise<unknown>, success: string) =>
    run().then(() => {
      void message.success(success);
      setSelected(new Map());
    }, showError);
  const approveSelected = () => {
    if (selected.size === 0) return;
    void act(
      () => action.mutateAsync({ kind: 'approveSelected', keys: [...selected.values()] }),
      NO_MATCH_MESSAGES.approvedSuccessfully,
    );
  };
  const setFlag = (key: keyof NoMatchClustersSearch, on: boolean) =>
    setParams({ [key]: on || undefined } as Partial<NoMatchClustersSearch>, { resetPage: true });

  const candidateActions = (m: ClusterCandidate) =>
    mayManage && (
      <Space wrap size={4}>
        {m.status !== Status.Approved && (
          <Button
            size="small"
            type="primary"
            onClick={() =>
              void act(
                () => action.mutateAsync({ kind: 'approve', key: keyOf(m) }),
                NO_MATCH_MESSAGES.approvedSuccessfully,
              )
            }
          >
            Approve
          </Button>
        )}
        <Button
          size="small"
          onClick={() =>
            void act(
              () => action.mutateAsync({ kind: 'approveAsSingle', key: keyOf(m) }),
              NO_MATCH_MESSAGES.approvedSuccessfully,
            )
          }
        >
          Approve as single
        </Button>
        {m.status !== Status.Denied && (
          <Button
            size="small"
            danger
            onClick={() =>
              void act(() => action.mutateAsync({ kind: 'deny', key: keyOf(m) }), NO_MATCH_MESSAGES.denied)
            }
          >
            Deny
          </Button>
        )}
        <Button size="small" onClick={() => setMoving(m)}>
          Move
        </Button>
      </Space>
    );

  return (
    <>
      <PageTitle>No-match clusters</PageTitle>
      <Card>
        <Space direction="vertical" style={{ width: '100%' }} size="middle">
          <Form layout="inline" style={{ rowGap: 8 }}>
            <Form.Item label="Show">
              <Space wrap>
                {FLAGS.map((f) => (
                  <Checkbox
                    key={f.key}
                    checked={Boolean(params[f.key])}
                    onChange={(e) => setFlag(f.key, e.target.checked)}
                  >
                    {f.label}
                  </Checkbox>
                ))}
              </Space>
            </Form.Item>
            <Form.Item label="Approval date" htmlFor="nomatch-approved">
              <DateRangePicker
                id="nomatch-approved"
                value={[
                  params.approvedFrom ? dayjs(params.approvedFrom, URL_DATE) : null,
                  params.approvedTo ? dayjs(params.approvedTo, URL_DATE) : null,
                ]}
                onChange={(range) =>
                  setParams(
                    {
                      approvedFrom: range?.[0]?.format(URL_DATE) ?? undefined,
                      approvedTo: range?.[1]?.format(URL_DATE) ?? undefined,
                    },
                    { resetPage: true },
                  )
                }
              />
            </Form.Item>
            <Form.Item label="Sample number" htmlFor="nomatch-samplenumber">
              <UpdateOnEnterInput
                id="nomatch-samplenumber"
                allowClear
                schema={noMatchClustersQuery}
                field="sampleNumberFilter"
                value={params.samplenumber ?? ''}
                onCommit={(v) => setParams({ samplenumber: v || undefined }, { resetPage: true })}
                style={{ width: 150 }}
              />
            </Form.Item>
          </Form>
          <Space wrap>
            <ReportGroupField
              allowedTypes={GROUP_TYPES}
              groupName={params.groupName}
              onPick={(g) => setParams({ groupId: g.id, groupName: g.name }, { resetPage: true })}
            />
            {params.groupId && (
              <Button
                type="link"
                onClick={() => setParams({ groupId: undefined, groupName: undefined }, { resetPage: true })}
              >
                Clear group
              </Button>
            )}
          </Space>
          <Space wrap>
            <Checkbox
              checked={allSelected}
              indeterminate={!allSelected && pageKeys.some((k) => selected.has(keyText(k)))}
              onChange={(e) => toggle(pageKeys, e.target.checked)}
            >
              Select all
            </Checkbox>
            {mayManage && (
              <>
                <Button type="primary" onClick={approveSelected} loading={action.isPending}>
                  Approve selected{selected.size ? ` (${selected.size})` : ''}
                </Button>
                <Button
                  onClick={() =>
                    void act(
                      () => action.mutateAsync({ kind: 'approveSingles', filter: request }),
                      NO_MATCH_MESSAGES.approvedSuccessfully,
                    )
                  }
                >
                  Approve all single
                </Button>
              </>
            )}
          </Space>
          <UrlTable<Cluster, typeof noMatchClustersSearch>
            rowKey="id"
            searchSchema={noMatchClustersSearch}
            pageSizeOptions={NO_MATCH_PAGE_SIZES}
            queryKey={(p) => noMatchKeys.list(clustersRequest(p))}
            queryFn={(p) => fetchClusters(clustersRequest(p))}
            scroll={{ x: true }}
            locale={{ emptyText: 'No clusters.' }}
            columns={[
              {
                title: 'Select',
                key: 'select',
                render: (_: unknown, c) => {
                  const keys = c.candidates.map(keyOf);
                  const on = keys.filter((k) => selected.has(keyText(k))).length;
                  return (
                    <Checkbox
                      aria-label={`Select cluster ${c.id}`}
                      checked={on > 0 && on === keys.length}
                      indeterminate={on > 0 && on < keys.length}
                      onChange={(e) => toggle(keys, e.target.checked)}
                    />
                  );
                },
              },
              {
                title: 'Cluster',
                dataIndex: 'id',
                key: 'None',
                render: (id: number) => (
                  <Space orientation="vertical" size={0}>
                    {id}
                    <Button type="link" size="small" style={{ padding: 0 }} onClick={() => setRelativesOf(id)}>
                      Possible relatives
                    </Button>
                  </Space>
                ),
              },
              {
                title: 'Samples',
                dataIndex: 'numberOfCandidates',
                key: 'NumberOfCandidates',
                sorter: true,
              },
              {
                title: 'Status',
                dataIndex: 'status',
                key: 'Status',
                sorter: true,
                render: (s: number) => <StatusTag status={s} />,
              },
              {
                title: 'Candidates',
                key: 'candidates',
                render: (_: unknown, c) => (
                  <Table<ClusterCandidate>
                    size="small"
                    rowKey="associatedDnaProfileId"
                    pagination={false}
                    dataSource={c.candidates}
                    columns={[
                      {
                        title: 'Select',
                        key: 'pick',
                        render: (_v: unknown, m) => (
                          <Checkbox
                            aria-label={`Select ${m.sampleNumber}`}
                            checked={selected.has(keyText(keyOf(m)))}
                            onChange={(e) => toggle([keyOf(m)], e.target.checked)}
                          />
                        ),
                      },
                      {
                        title: 'Sample number',
                        dataIndex: 'sampleNumber',
                        render: (n: string, m) => (
                          <Button type="link" size="small" onClick={() => setDetails(m.sampleId)}>
                            {m.isFiltered ? <strong>{n}</strong> : n}
                          </Button>
                        ),
                      },
                      {
                        title: 'Property',
                        key: 'property',
                        render: (_v: unknown, m) => m.propertyCollectedFrom?.name ?? '',
                      },
                      { title: 'Status', dataIndex: 'status', render: (s: number) => <StatusTag status={s} /> },
                      {
                        title: 'Approved',
                        dataIndex: 'approvalDate',
                        render: (d: Date | string | null) => (d ? showDate(d) : ''),
                      },
                      { title: 'Actions', key: 'actions', render: (_v: unknown, m) => candidateActions(m) },
                    ]}
                  />
                ),
              },
            ]}
          />
        </Space>
      </Card>
      <MoveCandidateModal
        candidate={moving}
        onCancel={() => setMoving(null)}
        onMove={(destinationClusterId, approveAfterMove) =>
          act(
            () => action.mutateAsync({ kind: 'move', key: keyOf(moving!), destinationClusterId, approveAfterMove }),
            NO_MATCH_MESSAGES.moved,
          )
        }
      />
      <WasteSampleDetailsModal sampleId={details} onClose={() => setDetails(null)} />
      <ClusterRelativesModal clusterId={relativesOf} onClose={() => setRelativesOf(null)} />
    </>
  );
}
