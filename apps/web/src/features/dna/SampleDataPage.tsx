// Sample data (/dna/sample-data?sampleNumber): a sample's DNA profiles on every plate it was typed on (the sample
// management plates widget), each opening its profile.
import { useState } from 'react';
import { Button, Card, Form, Table, Tag, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { sampleNumberParam } from '@registry/contracts';
import { ErrorPresenter } from '../../components/ErrorPresenter';
import { PageTitle } from '../../components/PageTitle';
import { UpdateOnEnterInput } from '../../components/UpdateOnEnterInput';
import { useUrlState } from '../../components/UrlTable';
import { samplePlatesQuery } from './dna.api';
import { sampleDataSearch } from './dna.search';
import { labStatusLabel } from './labStatus';
import { ProfileModal } from './components/ProfileModal';
import { showDateTime } from '../../components/labTime';

export function SampleDataPage() {
  const [params, setParams] = useUrlState(sampleDataSearch);
  const sampleNumber = params.sampleNumber?.trim().toUpperCase();
  const plates = useQuery({ ...samplePlatesQuery(sampleNumber ?? ''), enabled: Boolean(sampleNumber) });
  const [open, setOpen] = useState<number | null>(null);
  return (
    <>
      <PageTitle>Sample data</PageTitle>
      <Card>
        <Form layout="inline" style={{ marginBottom: 16 }}>
          <Form.Item label="Sample number" htmlFor="sample-data-number">
            <UpdateOnEnterInput
              id="sample-data-number"
              allowClear
              schema={sampleNumberParam}
              field="sampleNumber"
              value={params.sampleNumber ?? ''}
              onCommit={(v) => setParams({ sampleNumber: v }, { resetPage: true })}
            />
          </Form.Item>
        </Form>
        <ErrorPresenter error={plates.error} />
        {!sampleNumber && <Typography.Text type="secondary">Enter a sample number.</Typography.Text>}
        {sampleNumber && (
          <Table
            rowKey="dnaProfileId"
            loading={plates.isFetching}
            dataSource={plates.data ?? []}
            pagination={false}
            scroll={{ x: true }}
            columns={[
              { title: 'Plate', dataIndex: 'plateName' },
              { title: 'Well', dataIndex: 'well' },
              {
                title: 'Result',
                dataIndex: 'result',
                render: (r: string) => <Tag color={r === 'Pass' ? 'green' : r === 'Fail' ? 'red' : 'gold'}>{r}</Tag>,
              },
              { title: 'Lab status', dataIndex: 'labStatus', render: labStatusLabel },
              { title: 'Typed', dataIndex: 'dateCreated', render: (d: string) => showDateTime(d) },
              {
                title: 'Actions',
                key: 'actions',
                render: (_: unknown, r: { dnaProfileId: number }) => (
                  <Button size="small" onClick={() => setOpen(r.dnaProfileId)}>
                    Profile
                  </Button>
                ),
              },
            ]}
          />
        )}
      </Card>
      <ProfileModal dnaProfileId={open} onClose={() => setOpen(null)} />
    </>
  );
}
