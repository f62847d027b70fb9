// The duplicate dog report (/lab-tools/duplicate-dog-report): clusters of registered dogs whose profiles are the same
// dog, filtered by review status, a pet-owner group and a sample number; mark reviewed or return to pending; clicking a
// candidate filters by its sample number; the CSV.
import { useState } from 'react';
import { App, Button, Card, Form, Radio, Select, Space, Table, Tag } from 'antd';
import {
  DUPLICATE_REPORT_PAGE_SIZES,
  DuplicateClusterOrdering,
  DuplicateClusterStatus,
  can,
  duplicateDogEndpoints,
  duplicateReportQuery,
} from '@registry/contracts';
import { useCurrentUser } from '../../lib/auth';
import { useErrorDialog } from '../../components/ErrorPresenter';
import { PageTitle } from '../../components/PageTitle';
import { PetOwnerGroupSearchModal } from '../groups/components/PetOwnerGroupSearchModal';
import { UpdateOnEnterInput } from '../../components/UpdateOnEnterInput';
import { UrlTable, useUrlState } from '../../components/UrlTable';
import { ExportButton } from '../../components/ExportButton';
import {
  duplicateKeys,
  fetchDuplicateReport,
  useSetReviewed,
  type Cluster,
  type DuplicateReportParams,
} from './duplicatedogs.api';
import { duplicateReportSearch, type DuplicateReportSearch } from './duplicatedogs.search';
import { showReportDate } from '../../components/labTime';
import { FilterBar } from '../../components/FilterBar';

export function duplicateReportRequest(p: DuplicateReportSearch): DuplicateReportParams {
  return {
    page: p.page,
    pageSize: p.pageSize,
    groupId: p.groupId,
    sampleNumberFilter: p.samplenumber,
    showPendingFilter: p.review === 'Unreviewed' ? true : undefined,
    showApprovedFilter: p.review === 'Reviewed' ? true : undefined,
    ...(p.sort ? { orderBy: DuplicateClusterOrdering[p.sort], ascending: p.ascending ?? true } : {}),
  };
}

export function DuplicateDogReportPage() {
  const [params, setParams] = useUrlState(duplicateReportSearch);
  const [picking, setPicking] = useState(false);
  const [groupName, setGroupName] = useState<string | null>(null);
  const me = useCurrentUser();
  const mayReview = Boolean(me && can(me.roleId, 'duplicates.review'));
  const review = useSetReviewed();
  const { message } = App.useApp();
  const showError = useErrorDialog();
  const setReviewed = (id: number, reviewed: boolean) =>
    review
      .mutateAsync({ id, reviewed })
      .then(
        () => message.success(reviewed ? 'Cluster marked as reviewed.' : 'Cluster returned to pending.'),
        showError,
      );
  return (
    <>
      <PageTitle
        extra={
          <ExportButton
            endpoint={duplicateDogEndpoints.csv}
            input={{ query: { groupId: params.groupId } }}
            formats={['csv']}
            fallbackName="DuplicateDogReport"
          />
        }
      >
        Duplicate dog report
      </PageTitle>
      <Card>
        <FilterBar style={{ marginBottom: 16, rowGap: 8 }}>
          <Form.Item label="Review status">
            <Radio.Group
              value={params.review}
              onChange={(e) =>
                setParams({ review: e.target.value as DuplicateReportSearch['review'] }, { resetPage: true })
              }
              options={['All', 'Unreviewed', 'Reviewed']}
            />
          </Form.Item>
          <Form.Item label="Group">
            <Space>
              <Button onClick={() => setPicking(true)}>
                {params.groupId ? (groupName ?? `Group ${params.groupId}`) : 'Any group'}
              </Button>
              {params.groupId && (
                <Button type="link" onClick={() => setParams({ groupId: undefined }, { resetPage: true })}>
                  Clear
                </Button>
              )}
            </Space>
          </Form.Item>
          <Form.Item label="Sample number" htmlFor="duplicate-samplenumber">
            <UpdateOnEnterInput
              id="duplicate-samplenumber"
              allowClear
              schema={duplicateReportQuery}
              field="sampleNumberFilter"
              value={params.samplenumber ?? ''}
              onCommit={(v) => setParams({ samplenumber: v }, { resetPage: true })}
              style={{ width: 150 }}
            />
          </Form.Item>
          <Form.Item label="Sort by" htmlFor="duplicate-sort">
            <Space.Compact>
              <Select
                id="duplicate-sort"
                style={{ width: 190 }}
                allowClear
                placeholder="Cluster"
                value={params.sort}
                options={[
                  { value: 'NumberOfCandidates', label: 'Number of candidates' },
                  { value: 'SampleNumber', label: 'Sample number' },
                  { value: 'Property', label: 'Property' },
                ]}
                onChange={(v?: DuplicateReportSearch['sort']) => setParams({ sort: v }, { resetPage: true })}
              />
              <Select
                aria-label="Sort direction"
                style={{ width: 130 }}
                disabled={!params.sort}
                value={params.ascending === false ? 'desc' : 'asc'}
                options={[
                  { value: 'asc', label: 'Ascending' },
                  { value: 'desc', label: 'Descending' },
                ]}
                onChange={(v: string) => setParams({ ascending: v === 'asc' }, { resetPage: true })}
              />
            </Space.Compact>
          </Form.Item>
        </FilterBar>
        <UrlTable<Cluster, typeof duplicateReportSearch>
          rowKey="id"
          searchSchema={duplicateReportSearch}
          pageSizeOptions={DUPLICATE_REPORT_PAGE_SIZES}
          queryKey={(p) => duplicateKeys.report(duplicateReportRequest(p))}
          queryFn={(p) => fetchDuplicateReport(duplicateReportRequest(p))}
          scroll={{ x: true }}
          columns={[
            { title: 'Cluster', dataIndex: 'id' },
            {
              title: 'Status',
              dataIndex: 'status',
              render: (s: number) =>
                s === DuplicateClusterStatus.Approved ? <Tag color="green">Reviewed</Tag> : <Tag>Unreviewed</Tag>,
            },
            {
              title: 'Candidates',
              key: 'candidates',
              render: (_: unknown, c) => (
                <Table
                  size="small"
                  rowKey="associatedDnaProfileId"
                  pagination={false}
                  dataSource={c.candidates}
                  columns={[
                    {
                      title: 'Sample number',
                      dataIndex: 'sampleNumber',
                      render: (n: string, m) => (
                        <Button
                          type="link"
                          size="small"
                          onClick={() => setParams({ samplenumber: n }, { resetPage: true })}
                        >
                          {m.isFiltered ? <strong>{n}</strong> : n}
                        </Button>
                      ),
                    },
                    { title: 'Name', dataIndex: 'petName' },
                    { title: 'Group', key: 'group', render: (_: unknown, m) => m.propertyCollectedFrom?.name ?? '' },
                    {
                      title: 'Approved',
                      dataIndex: 'approvalDate',
                      render: (d: Date | null) => (d ? showReportDate(d) : ''),
                    },
                  ]}
                />
              ),
            },
            {
              title: 'Actions',
              key: 'actions',
              render: (_: unknown, c) =>
                mayReview &&
                (c.status === DuplicateClusterStatus.Approved ? (
                  <Button size="small" onClick={() => void setReviewed(c.id, false)}>
                    Return to pending
                  </Button>
                ) : (
                  <Button size="small" type="primary" onClick={() => void setReviewed(c.id, true)}>
                    Mark reviewed
                  </Button>
                )),
            },
          ]}
        />
      </Card>
      <PetOwnerGroupSearchModal
        open={picking}
        onCancel={() => setPicking(false)}
        onSelect={(g) => {
          setPicking(false);
          setGroupName(g.name);
          setParams({ groupId: g.id }, { resetPage: true });
        }}
      />
    </>
  );
}
