// A waste result set (/wasteresultset/{id}): the match history with approve and delete, the match-run modal with a
// preview of a new result (save with an override of the sample number and notes), and the certificate download.
import { useState } from 'react';
import { useParams } from '@tanstack/react-router';
import { App, Alert, Button, Card, Descriptions, Form, Input, Modal, Space, Table, Tag, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { collectionDateText } from '@registry/contracts';
import { dayjs } from '../../app/dayjs';
import { ErrorPresenter } from '../../components/ErrorPresenter';
import { PageTitle } from '../../components/PageTitle';
import {
  downloadCertificate,
  previewQuery,
  resultSetQuery,
  useApproveResult,
  useDeleteResult,
  useSaveRun,
  type ResultSetView,
} from './wasteresults.api';

type Result = ResultSetView['matchHistory'][number];
const NOT_DIRECTLY = ['Inconclusive', 'MultipleMatch'];

function MatchRunModal({ id, open, onClose }: { id: number; open: boolean; onClose: () => void }) {
  const preview = useQuery({ ...previewQuery(id), enabled: open });
  const save = useSaveRun(id);
  const [form] = Form.useForm<{ sampleNumberOverride?: string; bioPetNotes?: string }>();
  const p = preview.data;
  const dog = p?.petDnaProfiles[0];
  return (
    <Modal
      open={open}
      title="New match run"
      width={800}
      okText="Save run"
      onCancel={onClose}
      confirmLoading={save.isPending}
      onOk={() => save.mutate(form.getFieldsValue(), { onSuccess: () => (form.resetFields(), onClose()) })}
    >
      <ErrorPresenter error={preview.error ?? save.error} />
      {p && (
        <>
          <Descriptions size="small" column={2}>
            <Descriptions.Item label="Result">
              <Tag>{p.status}</Tag>
            </Descriptions.Item>
            <Descriptions.Item label="Matching dog">{p.matchingPet?.sampleNumber ?? 'None'}</Descriptions.Item>
            <Descriptions.Item label="Registry hits">{p.globalResultsCount}</Descriptions.Item>
            <Descriptions.Item label="Statistic">{p.oneInText ?? '-'}</Descriptions.Item>
          </Descriptions>
          <Table
            size="small"
            rowKey="key"
            pagination={false}
            scroll={{ x: true, y: 240 }}
            dataSource={p.wasteDnaProfile}
            columns={[
              { title: 'Marker', dataIndex: 'key' },
              { title: 'Waste', render: (_: unknown, g) => `${g.alleleAValue} / ${g.alleleBValue}` },
              {
                title: dog ? dog.sampleNumber : 'Dog',
                render: (_: unknown, g) => {
                  const d = dog?.genotypes.find((x) => x.key === g.key);
                  return d ? `${d.alleleAValue} / ${d.alleleBValue}` : '';
                },
              },
            ]}
          />
        </>
      )}
      <Form form={form} layout="vertical" style={{ marginTop: 16 }}>
        <Form.Item label="Sample number override" name="sampleNumberOverride">
          <Input maxLength={20} />
        </Form.Item>
        <Form.Item label="Notes" name="bioPetNotes">
          <Input.TextArea maxLength={1000} rows={2} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

export function ResultSetPage() {
  const { id: raw } = useParams({ strict: false }) as { id?: string };
  const id = Number(raw);
  const { message, modal } = App.useApp();
  const set = useQuery({ ...resultSetQuery(id), enabled: Number.isInteger(id) && id > 0 });
  const approve = useApproveResult();
  const remove = useDeleteResult();
  const [running, setRunning] = useState(false);
  const [downloadError, setDownloadError] = useState<unknown>(null);
  if (!raw || !(Number.isInteger(id) && id > 0)) return <Alert type="error" message="No result set id provided" />;
  const data = set.data;
  return (
    <>
      <PageTitle>{data ? `Result set ${data.sampleNumber}` : 'Result set'}</PageTitle>
      <Card>
        <ErrorPresenter error={set.error ?? approve.error ?? remove.error ?? downloadError} />
        {data && (
          <>
            <Descriptions size="small" column={{ xs: 1, md: 3 }}>
              <Descriptions.Item label="Sample number">{data.sampleNumber}</Descriptions.Item>
              <Descriptions.Item label="Property">{data.propertyName ?? ''}</Descriptions.Item>
              <Descriptions.Item label="Collected">{collectionDateText(data.dateCollected)}</Descriptions.Item>
            </Descriptions>
            {!data.hasAccessToPetOwner && (
              <Alert type="warning" message="This person is no longer associated with this property..." />
            )}
            <Space wrap style={{ margin: '12px 0' }}>
              <Button type="primary" onClick={() => setRunning(true)}>
                New match run
              </Button>
              <Button
                disabled={!data.currentlyApprovedResultId}
                onClick={() => {
                  setDownloadError(null);
                  downloadCertificate(data.matchResultSetId, data.sampleNumber).catch(setDownloadError);
                }}
              >
                Download certificate
              </Button>
            </Space>
            <Typography.Title level={5}>Match history</Typography.Title>
            <Table<Result>
              rowKey="matchResultId"
              size="small"
              pagination={false}
              scroll={{ x: true }}
              dataSource={data.matchHistory}
              columns={[
                { title: 'Date', dataIndex: 'dateCreated', render: (d: string) => dayjs(d).format('M/D/YYYY h:mm A') },
                { title: 'Result', dataIndex: 'status', render: (s: string) => <Tag>{s}</Tag> },
                {
                  title: 'Dog',
                  key: 'dog',
                  render: (_: unknown, r) =>
                    [
                      r.sampleNumberOverride ?? r.matchedSampleNumber,
                      r.isAdjacentPropertyMatch ? 'APA' : null,
                      r.isMoveOut ? 'Move Out' : null,
                    ]
                      .filter(Boolean)
                      .join(' · '),
                },
                { title: 'Statistic', dataIndex: 'oneInText' },
                { title: 'Registry hits', dataIndex: 'globalResultsCount' },
                { title: 'Notes', dataIndex: 'bioPetNotes' },
                { title: 'Approved', dataIndex: 'isApproved', render: (a: boolean) => (a ? 'Yes' : '') },
                {
                  title: 'Actions',
                  key: 'actions',
                  render: (_: unknown, r) => (
                    <Space>
                      <Button
                        size="small"
                        disabled={r.isApproved || NOT_DIRECTLY.includes(r.status)}
                        onClick={() =>
                          approve.mutate(r.matchResultId, { onSuccess: (x) => void message.success(x.message) })
                        }
                      >
                        Approve
                      </Button>
                      <Button
                        size="small"
                        danger
                        onClick={() =>
                          modal.confirm({
                            title: 'Delete this result?',
                            onOk: () =>
                              remove.mutateAsync(r.matchResultId).then((x) => void message.success(x.message)),
                          })
                        }
                      >
                        Delete
                      </Button>
                    </Space>
                  ),
                },
              ]}
            />
          </>
        )}
      </Card>
      {data && <MatchRunModal id={data.matchResultSetId} open={running} onClose={() => setRunning(false)} />}
    </>
  );
}
