// Controls (/dna/controls, spec 3 §2): the table with its 3 second filter delay, the new-control popup (panel and sample
// type; a positive control's reference genotype) and delete; the GeneMapper import popup is the plate view's.
import { useEffect, useState } from 'react';
import { App, Button, Card, Form, Modal, Select, Space } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { DNA_MESSAGES, SampleType, can } from '@registry/contracts';
import { useCurrentUser } from '../../lib/auth';
import { useErrorDialog } from '../../components/ErrorPresenter';
import { PageTitle } from '../../components/PageTitle';
import { UrlTable, useUrlState } from '../../components/UrlTable';
import { dnaKeys, fetchControls, panelsQuery, useCreateControl, useDeleteControl, type ControlRow } from './dna.api';
import { controlsSearch } from './dna.search';
import { NewPanelModal } from './components/NewPanelModal';
import { UploadPlateModal, UploadWarnings } from './components/UploadPlateModal';
import {
  ControlReference,
  referenceText,
  type ReferenceEntry,
  type ReferenceSource,
} from './components/ControlReference';
import type { PlateUploadResult } from './dna.api';
import { showDateTime } from '../../components/labTime';
import { MaxLengthInput } from '../../components/MaxLengthInput';

/** Spec 3 §9: the controls filter waits 3 seconds after the last keystroke. */
export const CONTROLS_FILTER_DELAY_MS = 3000;
/** Spec 3 §9: after creating a control the count is set to 999. */
const COUNT_AFTER_CREATE = 999;

const SAMPLE_TYPE_LABELS: Record<number, string> = {
  [SampleType.PositiveControl]: 'Positive control',
  [SampleType.NegativeControl]: 'Negative control',
  [SampleType.WrongSpeciesControl]: 'Wrong species control',
};

export function ControlsPage() {
  const { message, modal } = App.useApp();
  const showError = useErrorDialog();
  const me = useCurrentUser();
  const mayManage = me !== undefined && can(me.roleId, 'dna.manage');
  const [params, setParams] = useUrlState(controlsSearch);
  const panels = useQuery(panelsQuery());
  const create = useCreateControl();
  const remove = useDeleteControl();
  const [filter, setFilter] = useState(params.panelId ?? '');
  const [creating, setCreating] = useState(false);
  const [importing, setImporting] = useState(false);
  const [definingPanel, setDefiningPanel] = useState(false);
  const [uploaded, setUploaded] = useState<PlateUploadResult | null>(null);
  const [form] = Form.useForm<{ panelId: string; sampleType: 2 | 3 | 4; knownFromSampleNumber?: string }>();
  const chosenPanel = Form.useWatch('panelId', form);
  const chosenType = Form.useWatch('sampleType', form);
  const [referenceSource, setReferenceSource] = useState<ReferenceSource>('none');
  const [referenceEntries, setReferenceEntries] = useState<Record<string, ReferenceEntry>>({});
  const panelMarkers = (panels.data ?? []).find((p) => p.id === chosenPanel)?.markers.map((m) => m.name) ?? [];

  useEffect(() => {
    if ((params.panelId ?? '') === filter) return;
    const timer = setTimeout(
      () => setParams({ panelId: filter || undefined }, { resetPage: true }),
      CONTROLS_FILTER_DELAY_MS,
    );
    return () => clearTimeout(timer);
  }, [filter, params.panelId, setParams]);

  const onCreate = async () => {
    const { knownFromSampleNumber, ...values } = await form.validateFields();
    const positive = values.sampleType === SampleType.PositiveControl;
    const reference =
      positive && referenceSource === 'typed'
        ? { knownGenotype: panelMarkers.map((m) => referenceEntries[m] ?? { marker: m, alleleA: '', alleleB: '' }) }
        : positive && referenceSource === 'sample'
          ? { knownFromSampleNumber }
          : {};
    create.mutate(
      { ...values, ...reference },
      {
        onSuccess: () => {
          void message.success(DNA_MESSAGES.controlAdded);
          setCreating(false);
          form.resetFields();
          setReferenceSource('none');
          setReferenceEntries({});
          setParams({ pageSize: COUNT_AFTER_CREATE, page: 1 });
        },
        onError: (e) => showError(e),
      },
    );
  };

  return (
    <>
      <PageTitle
        extra={
          mayManage && (
            <Space wrap>
              <Button type="primary" onClick={() => setCreating(true)}>
                New control
              </Button>
              <Button onClick={() => setDefiningPanel(true)}>New panel</Button>
              <Button onClick={() => setImporting(true)}>Import GeneMapper file</Button>
            </Space>
          )
        }
      >
        Controls
      </PageTitle>
      {uploaded && <UploadWarnings result={uploaded} onClose={() => setUploaded(null)} />}
      <Card>
        <Form layout="inline" style={{ marginBottom: 16 }}>
          <Form.Item label="Panel" htmlFor="controls-filter">
            <MaxLengthInput
              id="controls-filter"
              allowClear
              value={filter}
              onChange={(v) => setFilter(v)}
              maxLength={64}
            />
          </Form.Item>
        </Form>
        <UrlTable<ControlRow, typeof controlsSearch>
          empty={{
            text: 'No controls yet. Controls are stored when a plate with control wells is imported on DNA processing.',
          }}
          rowKey="id"
          searchSchema={controlsSearch}
          queryKey={dnaKeys.controls}
          queryFn={fetchControls}
          pageSizeOptions={[200, 999]}
          columns={[
            {
              title: 'Panel',
              dataIndex: 'panelId',
              render: (id: string) => panels.data?.find((p) => p.id === id)?.name ?? id,
            },
            { title: 'Sample type', dataIndex: 'sampleType', render: (v: number) => SAMPLE_TYPE_LABELS[v] ?? v },
            {
              title: 'Reference',
              dataIndex: 'knownGenotype',
              render: (g: ControlRow['knownGenotype']) => referenceText(g),
            },
            { title: 'Created', dataIndex: 'dateCreated', render: (d: string) => showDateTime(d) },
            { title: 'Created by', dataIndex: 'createdBy' },
            {
              title: 'Actions',
              key: 'actions',
              render: (_: unknown, r: ControlRow) =>
                mayManage && (
                  <Button
                    size="small"
                    danger
                    onClick={() =>
                      modal.confirm({
                        title: 'Delete this control?',
                        okText: 'Delete',
                        okButtonProps: { danger: true },
                        onOk: () => remove.mutateAsync(r.id).catch((e) => showError(e)),
                      })
                    }
                  >
                    Delete
                  </Button>
                ),
            },
          ]}
        />
      </Card>
      <Modal
        title="New control"
        width={640}
        open={creating}
        onCancel={() => setCreating(false)}
        onOk={() => void onCreate()}
        okText="Save"
        confirmLoading={create.isPending}
        destroyOnHidden
      >
        <Form form={form} layout="vertical">
          <Form.Item name="panelId" label="Panel" rules={[{ required: true, message: 'Select a panel.' }]}>
            <Select options={(panels.data ?? []).map((p) => ({ value: p.id, label: p.name }))} />
          </Form.Item>
          <Form.Item
            name="sampleType"
            label="Sample type"
            rules={[{ required: true, message: 'Select a sample type.' }]}
          >
            <Select
              options={Object.entries(SAMPLE_TYPE_LABELS).map(([value, label]) => ({ value: Number(value), label }))}
            />
          </Form.Item>
          {chosenType === SampleType.PositiveControl && (
            <ControlReference
              source={referenceSource}
              onSource={setReferenceSource}
              markers={panelMarkers}
              entries={referenceEntries}
              onEntries={setReferenceEntries}
            />
          )}
        </Form>
      </Modal>
      <NewPanelModal open={definingPanel} onClose={() => setDefiningPanel(false)} />
      <UploadPlateModal
        open={importing}
        onClose={() => setImporting(false)}
        onUploaded={(r) => {
          setImporting(false);
          setUploaded(r);
        }}
      />
    </>
  );
}
