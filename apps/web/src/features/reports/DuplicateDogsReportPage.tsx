// The duplicate dog report under /reports (/reports/duplicate-dog, spec 3 §2): the duplicate clusters with a dog under
// the picked group, filtered by review status and sample number, sorted, paged (default 10; 5, 10, 15, 25), exported.
// Dogs of a cluster outside the picked group are counted, not shown.
import { Card, Form, Input, Select, Space, Tag } from 'antd';
import { DUPLICATE_REPORT_PAGE_SIZES, DuplicateReviewFilter, PROFILE_REPORT_GROUP_TYPES } from '@registry/contracts';
import { profileReportEndpoints } from '@registry/contracts/endpoints/profilereports';
import { ExportButton } from '../../components/ExportButton';
import { PageTitle } from '../../components/PageTitle';
import { UrlTable, useUrlState } from '../../components/UrlTable';
import { ReportGroupField } from './ReportGroupField';
import { reportDate } from './TdAuditReportPage';
import {
  fetchDuplicateDogs,
  profileReportKeys,
  type DuplicateDogsQuery,
  type DuplicateDogsRow,
} from './profilereports.api';
import { duplicateDogsSearch } from './profilereports.search';

const ORDERS = ['clusterId', 'members', 'approvalDate'] as const;
type Order = (typeof ORDERS)[number];

export function DuplicateDogsReportPage() {
  const [params, setParams] = useUrlState(duplicateDogsSearch);
  const orderBy = (ORDERS as readonly string[]).includes(params.orderBy ?? '') ? (params.orderBy as Order) : undefined;
  const filter: Omit<DuplicateDogsQuery, 'page' | 'pageSize'> = {
    groupId: params.groupId ?? 0,
    ...(params.reviewStatus !== undefined ? { reviewStatus: params.reviewStatus } : {}),
    ...(params.sampleNumber ? { sampleNumber: params.sampleNumber } : {}),
    ...(orderBy ? { orderBy, ascending: params.ascending !== false } : {}),
  };
  return (
    <>
      <PageTitle>Duplicate dog report</PageTitle>
      <Card>
        <Space direction="vertical" style={{ width: '100%' }} size="middle">
          <ReportGroupField
            allowedTypes={PROFILE_REPORT_GROUP_TYPES}
            groupName={params.groupName}
            onPick={(g) => setParams({ groupId: g.id, groupName: g.name }, { resetPage: true })}
          />
          <Form layout="inline" style={{ rowGap: 8 }}>
            <Form.Item label="Review status" htmlFor="duplicate-review">
              <Select
                id="duplicate-review"
                style={{ width: 160 }}
                value={params.reviewStatus ?? DuplicateReviewFilter.All}
                onChange={(value: number) =>
                  setParams(
                    { reviewStatus: value === DuplicateReviewFilter.All ? undefined : value },
                    { resetPage: true },
                  )
                }
                options={[
                  { value: DuplicateReviewFilter.All, label: 'All' },
                  { value: DuplicateReviewFilter.Unreviewed, label: 'Unreviewed' },
                  { value: DuplicateReviewFilter.Reviewed, label: 'Reviewed' },
                ]}
              />
            </Form.Item>
            <Form.Item label="Sample number" htmlFor="duplicate-sample">
              <Input.Search
                id="duplicate-sample"
                allowClear
                maxLength={32}
                defaultValue={params.sampleNumber}
                onSearch={(value) => setParams({ sampleNumber: value.trim() || undefined }, { resetPage: true })}
              />
            </Form.Item>
            <Form.Item>
              <ExportButton
                endpoint={profileReportEndpoints.duplicateDogsExport}
                input={{ query: filter }}
                fallbackName="Duplicate_Dog_Report"
                disabled={params.groupId === undefined}
              />
            </Form.Item>
          </Form>
          <UrlTable<DuplicateDogsRow, typeof duplicateDogsSearch>
            rowKey="clusterId"
            searchSchema={duplicateDogsSearch}
            pageSizeOptions={DUPLICATE_REPORT_PAGE_SIZES}
            queryKey={(p) => profileReportKeys.duplicateDogs({ ...filter, page: p.page, pageSize: p.pageSize })}
            queryFn={(p) =>
              p.groupId === undefined
                ? Promise.resolve({ data: [], totalRecords: 0 })
                : fetchDuplicateDogs({ ...filter, page: p.page, pageSize: p.pageSize })
            }
            locale={{
              emptyText: params.groupId === undefined ? 'Select a group to run the report.' : 'No duplicates.',
            }}
            scroll={{ x: 'max-content' }}
            columns={[
              { title: 'Cluster', dataIndex: 'clusterId', key: 'clusterId', sorter: true },
              {
                title: 'Status',
                dataIndex: 'reviewed',
                render: (reviewed: boolean, r) =>
                  reviewed ? (
                    <Tag color="green">Reviewed{r.reviewedBy ? ` by ${r.reviewedBy}` : ''}</Tag>
                  ) : (
                    <Tag>Unreviewed</Tag>
                  ),
              },
              {
                title: 'Dogs',
                dataIndex: 'members',
                key: 'members',
                sorter: true,
                render: (_, r) => (
                  <Space direction="vertical" size={0}>
                    {r.members.map((m) => (
                      <span key={m.sampleNumber}>
                        {m.sampleNumber} {m.petName ?? ''} {m.propertyName ? `(${m.propertyName})` : ''}
                      </span>
                    ))}
                  </Space>
                ),
              },
              { title: 'Dogs outside group', dataIndex: 'membersOutsideGroup' },
              {
                title: 'Latest approval',
                key: 'approvalDate',
                dataIndex: 'approvalDate',
                sorter: true,
                render: (_, r) =>
                  reportDate(
                    r.members
                      .map((m) => m.approvalDate ?? '')
                      .sort()
                      .at(-1) || null,
                  ),
              },
            ]}
          />
        </Space>
      </Card>
    </>
  );
}
