// The no-match clusters report (/reports/no-match-clusters, spec 3 §2, §4): approved clusters only, under the picked
// group, with their approved samples; the cluster CSV / XLSX only when the group is a property (spec 3 §5).
import { Card, Space, Tag, Typography } from 'antd';
import { GroupTypes, NO_MATCH_MESSAGES, noMatchClusterEndpoints } from '@registry/contracts';
import { ExportButton } from '../../components/ExportButton';
import { PageTitle } from '../../components/PageTitle';
import { UrlTable, useUrlState } from '../../components/UrlTable';
import { ReportGroupField } from '../reports/ReportGroupField';
import { fetchApprovedClusters, noMatchKeys, type Cluster } from './nomatchclusters.api';
import { noMatchReportSearch } from './nomatchclusters.search';
import { showReportDate } from '../../components/labTime';

const GROUP_TYPES = [
  GroupTypes.HierarchyRoot,
  GroupTypes.DistributorshipManagementGroup,
  GroupTypes.Distributorship,
  GroupTypes.ManagementGroup,
  GroupTypes.Property,
];
const day = (d: Date | string | null) => (d ? showReportDate(d) : '');

export function NoMatchClusterReportPage() {
  const [params, setParams] = useUrlState(noMatchReportSearch);
  const isProperty = params.groupType === GroupTypes.Property;
  return (
    <>
      <PageTitle>No-match clusters report</PageTitle>
      <Card>
        <Space direction="vertical" style={{ width: '100%' }} size="middle">
          <ReportGroupField
            allowedTypes={GROUP_TYPES}
            groupName={params.groupName}
            onPick={(g) => setParams({ groupId: g.id, groupName: g.name, groupType: g.groupType }, { resetPage: true })}
          />
          <Space wrap align="start">
            <ExportButton
              endpoint={noMatchClusterEndpoints.reportCsv}
              input={{ query: { groupId: params.groupId ?? 0 } }}
              fallbackName="NoMatchClusters"
              disabled={!isProperty}
            />
            {!isProperty && <Typography.Text type="secondary">{NO_MATCH_MESSAGES.propertyOnly}</Typography.Text>}
          </Space>
          <UrlTable<Cluster, typeof noMatchReportSearch>
            rowKey="id"
            searchSchema={noMatchReportSearch}
            queryKey={(p) => noMatchKeys.report({ page: p.page, pageSize: p.pageSize, groupId: p.groupId })}
            queryFn={fetchApprovedClusters}
            scroll={{ x: 'max-content' }}
            locale={{ emptyText: 'No approved clusters.' }}
            columns={[
              { title: 'Cluster', dataIndex: 'id' },
              {
                title: 'Samples',
                key: 'samples',
                render: (_: unknown, c) =>
                  c.candidates.map((m) => <Tag key={m.associatedDnaProfileId}>{m.sampleNumber}</Tag>),
              },
              {
                title: 'Property',
                key: 'property',
                render: (_: unknown, c) =>
                  [...new Set(c.candidates.map((m) => m.propertyCollectedFrom?.name ?? ''))].join(', '),
              },
              {
                title: 'Collected',
                key: 'collected',
                render: (_: unknown, c) =>
                  c.candidates
                    .map((m) => day(m.dateCollected))
                    .filter(Boolean)
                    .join(', '),
              },
              {
                title: 'Last approved',
                key: 'approved',
                render: (_: unknown, c) => {
                  const last = Math.max(
                    0,
                    ...c.candidates.map((m) => (m.approvalDate ? new Date(m.approvalDate).getTime() : 0)),
                  );
                  return last ? day(new Date(last)) : '';
                },
              },
            ]}
          />
        </Space>
      </Card>
    </>
  );
}
