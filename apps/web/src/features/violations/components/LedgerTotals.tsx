// The ledger's totals: per property and per owner (charged, paid, outstanding), and the dogs named more than once.
import { Card, Col, Row, Table } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { ErrorPresenter } from '../../../components/ErrorPresenter';
import { money, totalsQuery } from '../violations.api';

const amounts = [
  { title: 'Notices', dataIndex: 'count' },
  { title: 'Charged', dataIndex: 'charged', render: money },
  { title: 'Paid', dataIndex: 'paid', render: money },
  { title: 'Outstanding', dataIndex: 'outstanding', render: money },
];

export function LedgerTotals({ groupId }: { groupId: number }) {
  const totals = useQuery(totalsQuery(groupId));
  const t = totals.data;
  return (
    <Card title="Totals" style={{ marginBottom: 16 }}>
      <ErrorPresenter error={totals.error} />
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={12}>
          <Table
            size="small"
            rowKey="propertyId"
            pagination={false}
            scroll={{ x: true }}
            dataSource={t?.byProperty ?? []}
            locale={{ emptyText: 'No notices yet.' }}
            columns={[{ title: 'Property', dataIndex: 'propertyName' }, ...amounts]}
          />
        </Col>
        <Col xs={24} lg={12}>
          <Table
            size="small"
            rowKey="petOwnerId"
            pagination={false}
            scroll={{ x: true }}
            dataSource={t?.byOwner ?? []}
            locale={{ emptyText: 'No notices yet.' }}
            columns={[{ title: 'Resident', dataIndex: 'ownerName' }, ...amounts]}
          />
        </Col>
        <Col xs={24}>
          <Table
            size="small"
            rowKey={(r) => `${r.propertyName}-${r.petSampleNumber}`}
            pagination={false}
            scroll={{ x: true }}
            dataSource={t?.repeatDogs ?? []}
            locale={{ emptyText: 'No dog has more than one notice.' }}
            title={() => 'Repeat dogs'}
            columns={[
              { title: 'Property', dataIndex: 'propertyName' },
              { title: 'Dog', dataIndex: 'petName' },
              { title: 'Sample', dataIndex: 'petSampleNumber' },
              { title: 'Notices', dataIndex: 'notices' },
            ]}
          />
        </Col>
      </Row>
    </Card>
  );
}
