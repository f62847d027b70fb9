// The duplicate dog report under /reports (/reports/duplicate-dog, spec 3 §2): the duplicate clusters with a dog under
// the picked group, filtered by review status and sample number, sorted, paged (default 10; 5, 10, 15, 25), exported.
// Dogs of a cluster outside the picked group are counted, not shown.
import { Select, Space, Tag, Form } from 'antd';
import { DUPLICATE_REPORT_PAGE_SIZES, DuplicateReviewFilter, PROFILE_REPORT_GROUP_TYPES } from '@registry/contracts';
import { profileReportEndpoints } from '@registry/contracts/endpoints/profilereports';
import { showReportDate } from '../../components/labTime';
import { ReportPage } from '../../components/ReportPage';
import { UrlSearchFilter } from '../../components/urlFilters';
import { useUrlState } from '../../components/UrlTable';
import { UrlReportGroup } from './ReportGroupField';
import { duplicateDogs, duplicateDogsSearch } from './profilereports.search';

export function DuplicateDogsReportPage() {
  const [params, setParams] = useUrlState(duplicateDogsSearch);
  const query = {
    ...duplicateDogs.request(params),
    ...(params.orderBy ? { orderBy: params.orderBy, ascending: params.ascending !== false } : {}),
  };
  const input = params.groupId === undefined ? null : { query: { ...query, groupId: params.groupId } };
  return (
    <ReportPage
      title="Duplicate dog report"
      endpoint={profileReportEndpoints.duplicateDogs}
      search={duplicateDogsSearch}
      input={input}
      group={<UrlReportGroup allowedTypes={PROFILE_REPORT_GROUP_TYPES} />}
      filters={
        <>
          <Form.Item label="Review status" htmlFor="duplicate-review">
            <Select
              id="duplicate-review"
              style={{ width: 160 }}
              value={params.reviewStatus ?? DuplicateReviewFilter.All}
              onChange={(value: number) =>
                setParams(
                  { reviewStatus: value === DuplicateReviewFilter.All ? undefined : (value as 1 | 2) },
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
          <UrlSearchFilter label="Sample number" id="duplicate-sample" name="sampleNumber" maxLength={32} />
        </>
      }
      exportTo={{ endpoint: profileReportEndpoints.duplicateDogsExport, fallbackName: 'Duplicate_Dog_Report', input }}
      emptyText={{ idle: 'Select a group to run the report.', none: 'No duplicates.' }}
      pageSizeOptions={DUPLICATE_REPORT_PAGE_SIZES}
      rowKey="clusterId"
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
            showReportDate(
              r.members
                .map((m) => m.approvalDate ?? '')
                .sort()
                .at(-1) || null,
            ),
        },
      ]}
    />
  );
}
