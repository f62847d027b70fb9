// A waste result set (/wasteresultset/{id}): the match history with approve and delete, the match-run modal with a
// preview of a new result (saved as the engine decided, or with the analyst's result, dog and notes), the NoMatch
// approval's confirmation while dog profiles are under review, the certificate download, each result's notes, and the
// waste sample's status actions (reject, accept, expire, reinstate, void, un-void, reset) on the TD's details.
import { useState } from 'react';
import { useParams } from '@tanstack/react-router';
import {
  App,
  Alert,
  AutoComplete,
  Button,
  Card,
  Descriptions,
  Form,
  Modal,
  Select,
  Space,
  Table,
  Tag,
  Typography,
} from 'antd';
import { useQuery } from '@tanstack/react-query';
import {
  MATCH_RUN_RESULTS,
  collectionDateText,
  markerNotComparedReason,
  matchResultWords,
  type MatchRunResultName,
} from '@registry/contracts';
import { ErrorPresenter } from '../../components/ErrorPresenter';
import { Link } from '@tanstack/react-router';
import { PageTitle } from '../../components/PageTitle';
import { statusLabel } from '../pets/petLabels';
import { wasteSampleDetailsQuery } from '../wastesamples/wastesamples.api';
import { ResultNotesModal } from './components/ResultNotesModal';
import { WasteSampleStatusActions } from './components/WasteSampleControls';
import {
  downloadCertificate,
  pendingProfilesOf,
  previewQuery,
  resultSetQuery,
  useApproveResult,
  useDeleteResult,
  useSaveRun,
  type ResultSetView,
} from './wasteresults.api';
import { showDateTime } from '../../components/labTime';
import { MaxLengthHint, MaxLengthInput } from '../../components/MaxLengthInput';

const SAMPLE_NUMBER_OVERRIDE_MAX = 20;

type Result = ResultSetView['matchHistory'][number];
const NOT_DIRECTLY = ['Inconclusive', 'MultipleMatch'];

/** The dog profiles under review that a NoMatch approval names. */
function PendingProfiles({ sampleNumbers }: { sampleNumbers: string[] }) {
  return (
    <>
      <Typography.Paragraph>
        Dog profiles of this property or an adjacent one are still under review; once approved they could match this
        sample:
      </Typography.Paragraph>
      <ul aria-label="Dog profiles under review">
        {sampleNumbers.map((n) => (
          <li key={n}>{n}</li>
        ))}
      </ul>
    </>
  );
}

function confirmDespitePending(modal: ReturnType<typeof App.useApp>['modal'], pending: string[], onOk: () => void) {
  modal.confirm({
    title: 'Approve this No Match?',
    content: <PendingProfiles sampleNumbers={pending} />,
    okText: 'Approve anyway',
    onOk,
  });
}

type RunForm = { matchRunResult?: MatchRunResultName; sampleNumberOverride?: string; bioPetNotes?: string };

/**
 * The new-run modal: the engine's preview, and the analyst's override. A Match names the dog (one of the run's listed
 * candidates, or a sample number typed in: a dog of the property, an adjacent one or a moved-out owner's, which the
 * server checks); an overridden result needs notes.
 */
function MatchRunModal({ id, open, onClose }: { id: number; open: boolean; onClose: () => void }) {
  const preview = useQuery({ ...previewQuery(id), enabled: open });
  const save = useSaveRun(id);
  const [form] = Form.useForm<RunForm>();
  const override = Form.useWatch('sampleNumberOverride', form) as string | undefined;
  const chosen = Form.useWatch('matchRunResult', form);
  const typedDog = Form.useWatch('sampleNumberOverride', form);
  const p = preview.data;
  const dog = p?.petDnaProfiles[0];
  const needsDog = (chosen ?? p?.status) === 'Match';
  // Naming another dog than the engine's is an override as much as another result: both need the analyst's notes.
  const otherDog =
    needsDog &&
    !!typedDog?.trim() &&
    typedDog.trim().toUpperCase() !== (p?.matchingPet?.sampleNumber ?? '').toUpperCase();
  const isOverride = (!!chosen && chosen !== p?.status) || otherDog;
  const submit = async () => {
    const values = await form.validateFields();
    save.mutate(
      {
        ...(values.matchRunResult ? { matchRunResult: values.matchRunResult } : {}),
        sampleNumberOverride: needsDog ? values.sampleNumberOverride?.trim() || null : null,
        bioPetNotes: values.bioPetNotes?.trim() || null,
      },
      { onSuccess: () => (form.resetFields(), onClose()) },
    );
  };
  return (
    <Modal
      open={open}
      title="New match run"
      width={800}
      okText="Save run"
      onCancel={onClose}
      confirmLoading={save.isPending}
      onOk={() => void submit().catch(() => undefined)}
    >
      <ErrorPresenter error={preview.error ?? save.error} />
      {p && (
        <>
          <Descriptions size="small" column={2}>
            <Descriptions.Item label="Result">
              <Tag>{matchResultWords(p.status)}</Tag>
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
              {
                title: 'Compared',
                render: (_: unknown, g) => {
                  if (!dog) return '';
                  const reason = markerNotComparedReason(
                    g,
                    dog.genotypes.find((x) => x.key === g.key),
                  );
                  return reason ? `Not compared (${reason})` : 'Yes';
                },
              },
            ]}
          />
        </>
      )}
      <Form form={form} layout="vertical" style={{ marginTop: 16 }}>
        <Form.Item label="Result" name="matchRunResult" extra="Leave empty to keep the engine’s result.">
          <Select
            allowClear
            placeholder={p ? `Engine: ${p.status}` : 'Engine’s result'}
            options={MATCH_RUN_RESULTS.map((r) => ({ value: r, label: matchResultWords(r) }))}
          />
        </Form.Item>
        {needsDog && (
          <Form.Item
            label="Matched dog (sample number)"
            name="sampleNumberOverride"
            extra={
              <>
                One of the run’s candidates, or the sample number of a dog of this property, an adjacent one or an owner
                who moved out. <MaxLengthHint length={override?.length ?? 0} maxLength={SAMPLE_NUMBER_OVERRIDE_MAX} />
              </>
            }
            rules={[{ required: isOverride && !p?.matchingPet, message: 'Name the dog that matched.' }]}
          >
            {/* antd renders the AutoComplete's input: the limit's hint is the MaxLengthHint above. */}
            <AutoComplete
              maxLength={SAMPLE_NUMBER_OVERRIDE_MAX}
              placeholder={p?.matchingPet?.sampleNumber ?? 'DN…'}
              options={(p?.petDnaProfiles ?? []).map((d) => ({ value: d.sampleNumber }))}
              filterOption={(input, option) => (option?.value ?? '').toUpperCase().includes(input.toUpperCase())}
            />
          </Form.Item>
        )}
        <Form.Item
          label="Notes"
          name="bioPetNotes"
          rules={[{ required: isOverride, whitespace: true, message: 'Notes are required to override the result.' }]}
        >
          <MaxLengthInput multiline maxLength={1000} rows={2} />
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
  const [editingNotes, setEditingNotes] = useState<Result | null>(null);
  const sample = useQuery({ ...wasteSampleDetailsQuery(set.data?.wasteSampleId ?? 0), enabled: Boolean(set.data) });
  const [downloadError, setDownloadError] = useState<unknown>(null);
  const [approveError, setApproveError] = useState<unknown>(null);
  // A NoMatch approved while dog profiles of the property are under review: the server names them, the lab confirms.
  const approveAsking = (resultId: number, confirm = false) => {
    setApproveError(null);
    approve.mutate(
      { resultId, confirm },
      {
        onSuccess: (x) => void message.success(x.message),
        onError: (error) => {
          const pending = pendingProfilesOf(error);
          if (pending.length === 0 || confirm) setApproveError(error);
          else confirmDespitePending(modal, pending, () => approveAsking(resultId, true));
        },
      },
    );
  };
  if (!raw || !(Number.isInteger(id) && id > 0))
    return (
      <>
        <PageTitle breadcrumbs={[{ label: 'Waste results', to: '/dna/wasteresults' }, { label: 'Result set' }]}>
          Result set
        </PageTitle>
        <Alert
          type="error"
          message="No result set id provided"
          description={
            <>
              Open a result set from the <Link to="/dna/wasteresults">waste results</Link> list.
            </>
          }
        />
      </>
    );
  const data = set.data;
  return (
    <>
      <PageTitle
        breadcrumbs={[
          { label: 'Waste results', to: '/dna/wasteresults' },
          { label: data ? `Result set ${data.sampleNumber}` : 'Result set' },
        ]}
      >
        {data ? `Result set ${data.sampleNumber}` : 'Result set'}
      </PageTitle>
      <Card>
        <ErrorPresenter error={set.error ?? approveError ?? remove.error ?? downloadError} />
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
            {sample.data && (
              <Space wrap align="center" style={{ display: 'flex', marginBottom: 12 }}>
                <Typography.Text>
                  Sample status: <Tag>{statusLabel(sample.data.customerFacingStatus)}</Tag>
                </Typography.Text>
                <WasteSampleStatusActions sample={sample.data} />
              </Space>
            )}
            <Typography.Title level={5}>Match history</Typography.Title>
            <Table<Result>
              rowKey="matchResultId"
              size="small"
              pagination={false}
              locale={{ emptyText: 'No match runs yet. Start one with New match run above.' }}
              scroll={{ x: true }}
              dataSource={data.matchHistory}
              columns={[
                { title: 'Date', dataIndex: 'dateCreated', render: (d: string) => showDateTime(d) },
                { title: 'Result', dataIndex: 'status', render: (s: string) => <Tag>{matchResultWords(s)}</Tag> },
                {
                  title: 'Dog',
                  key: 'dog',
                  render: (_: unknown, r) =>
                    [
                      r.sampleNumberOverride ?? r.matchedSampleNumber,
                      r.isAdjacentPropertyMatch ? 'APA' : null,
                      r.isMoveOut ? 'Move Out' : null,
                      r.isAnalystOverride ? 'set by the analyst' : null,
                    ]
                      .filter(Boolean)
                      .join(' · '),
                },
                {
                  title: 'Statistic',
                  key: 'statistic',
                  // An analyst's Match: the statistic counts the agreeing markers only; the others are named.
                  render: (_: unknown, r) =>
                    [
                      r.oneInText,
                      r.disagreeingMarkers?.length ? `disagrees at ${r.disagreeingMarkers.join(', ')}` : null,
                    ]
                      .filter(Boolean)
                      .join(' · '),
                },
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
                        onClick={() => approveAsking(r.matchResultId)}
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
                      <Button size="small" onClick={() => setEditingNotes(r)}>
                        Edit notes
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
      <ResultNotesModal result={editingNotes} onClose={() => setEditingNotes(null)} />
    </>
  );
}
