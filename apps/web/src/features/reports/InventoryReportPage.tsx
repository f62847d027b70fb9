// The inventory report (/reports/inventory, spec 3 §3): DN and TD barcode counts of the pet-owner groups under the
// picked group against their thresholds, rows below threshold flagged; alerts mailed to their primary admins; export.
import { useState } from 'react';
import { App, Button, Card, Checkbox, Space, Table, Tag } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { REPORT_GROUP_TYPES } from '@registry/contracts';
import { reportEndpoints } from '@registry/contracts/endpoints/reports';
import { ErrorPresenter, useErrorDialog } from '../../components/ErrorPresenter';
import { ExportButton } from '../../components/ExportButton';
import { PageTitle } from '../../components/PageTitle';
import { useUrlState } from '../../components/UrlTable';
import { ReportGroupField } from './ReportGroupField';
import { inventoryQuery, sendInventoryAlerts, type InventoryRow } from './reports.api';
import { inventorySearch } from './reports.search';

const countCell = (count: number, threshold: number, below: boolean) => (
  <Space>
    {count} / {threshold}
    {below && <Tag color="red">Below threshold</Tag>}
  </Space>
);

export function InventoryReportPage() {
  const { message } = App.useApp();
  const showError = useErrorDialog();
  const [params, setParams] = useUrlState(inventorySearch);
  const [sending, setSending] = useState(false);
  const below = params.belowThresholdOnly ?? false;
  const report = useQuery({ ...inventoryQuery(params.groupId ?? 0, below), enabled: params.groupId !== undefined });
  const flagged = report.data?.rows.filter((r) => r.dnBelowThreshold || r.tdBelowThreshold).length ?? 0;
  const onSend = async () => {
    if (params.groupId === undefined) return;
    setSending(true);
    try {
      void message.success((await sendInventoryAlerts(params.groupId)).message);
    } catch (error) {
      showError(error);
    } finally {
      setSending(false);
    }
  };
  return (
    <>
      <PageTitle>Inventory report</PageTitle>
      <Card>
        <Space direction="vertical" style={{ width: '100%' }} size="middle">
          <ReportGroupField
            allowedTypes={REPORT_GROUP_TYPES.inventory}
            groupName={params.groupName}
            onPick={(g) => setParams({ groupId: g.id, groupName: g.name })}
          />
          <Space wrap>
            <Checkbox
              checked={below}
              onChange={(e) => setParams({ belowThresholdOnly: e.target.checked || undefined })}
            >
              Below threshold only
            </Checkbox>
            <ExportButton
              endpoint={reportEndpoints.inventoryExport}
              input={{ params: { groupId: params.groupId ?? 0 }, query: { belowThresholdOnly: below } }}
              totalRows={report.data?.rows.length}
              fallbackName="Inventory_Report"
              disabled={params.groupId === undefined}
            />
            <Button onClick={() => void onSend()} loading={sending} disabled={flagged === 0}>
              Send below-threshold alerts ({flagged})
            </Button>
          </Space>
          <ErrorPresenter error={report.error} />
          <Table<InventoryRow>
            rowKey="groupId"
            loading={report.isFetching}
            dataSource={report.data?.rows ?? []}
            pagination={false}
            scroll={{ x: 'max-content' }}
            locale={{ emptyText: params.groupId === undefined ? 'Select a group to run the report.' : 'No groups.' }}
            columns={[
              { title: 'Group', dataIndex: 'groupName', sorter: (a, b) => a.groupName.localeCompare(b.groupName) },
              { title: 'Active', dataIndex: 'isActive', render: (v: boolean) => (v ? 'Yes' : 'No') },
              {
                title: 'DN barcodes (count / threshold)',
                key: 'dn',
                render: (_, r) => countCell(r.dnBarcodeCount, r.dnBarcodeThreshold, r.dnBelowThreshold),
              },
              {
                title: 'TD barcodes (count / threshold)',
                key: 'td',
                render: (_, r) => countCell(r.tdBarcodeCount, r.tdBarcodeThreshold, r.tdBelowThreshold),
              },
            ]}
          />
        </Space>
      </Card>
    </>
  );
}
