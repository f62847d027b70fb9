// /lab-tools/ancestry-fulfillment (spec 3): the status filter with counts, row expansion with the DNA profile and the
// genotype choice, check activation, mark picked, generate a plate (shown as a grid), mark plated, remove from plate
// (optional shift-up), tube codes in edit mode, bulk upload and import of plate files, the manifest, flag and unflag,
// and the CSV export of the selected rows.
import { useState } from 'react';
import { Alert, App, Button, Card, Checkbox, Form, InputNumber, Modal, Radio, Select, Space, Tag } from 'antd';
import { useQuery } from '@tanstack/react-query';
import {
  AncestryFulfillmentStatus as S,
  AncestryMessages,
  FULFILLMENT_NOTES_MAX,
  FULFILLMENT_PAGE_SIZES,
  FulfillmentStatusLabels,
} from '@registry/contracts';
import { useErrorDialog } from '../../components/ErrorPresenter';
import { PageTitle } from '../../components/PageTitle';
import { UrlTable, useUrlState } from '../../components/UrlTable';
import {
  ancestryKeys,
  countsQuery,
  fetchFulfillments,
  genotypesQuery,
  useFulfillmentAction,
  type FulfillmentRow,
  type PlateAnswer,
} from './ancestry.api';
import { fulfillmentSearch } from './ancestry.search';
import { PlateFileModal } from './PlateFileModal';
import { PlateGrid } from './PlateGrid';
import { exportFileName, fulfilmentsCsv } from './plateFile';
import { showDate } from '../../components/labTime';
import { MaxLengthInput } from '../../components/MaxLengthInput';

function GenotypeChoice({ row }: { row: FulfillmentRow }) {
  const showError = useErrorDialog();
  const genotypes = useQuery(genotypesQuery(row.id));
  const select = useFulfillmentAction('selectGenotype');
  const flag = useFulfillmentAction('flag');
  const { modal, message } = App.useApp();
  if (!row.sampleNumber) return <span>No DNA sample yet.</span>;
  // A genotype that did not pass is allowed (the lab decides) but the item is flagged so it is looked at before shipping.
  const flagIfNotPassed = async (genotypeId: number) => {
    const chosen = genotypes.data?.find((g) => g.id === genotypeId);
    if (!chosen || chosen.result === 'Pass' || row.isFlagged) return;
    const notes = AncestryMessages.genotypeNotPassedNote(chosen.plateName, chosen.result);
    await flag
      .mutateAsync({ fulfillmentId: row.id, notes })
      .catch(() => void message.warning(AncestryMessages.genotypeAssignedFlagFailed));
  };
  const choose = (genotypeId: number) => {
    const run = () =>
      select.mutateAsync({ fulfillmentId: row.id, genotypeId }).then(
        () => flagIfNotPassed(genotypeId),
        (e: unknown) => showError(e, AncestryMessages.genotypeFailed),
      );
    if (row.status === S.Plated) modal.confirm({ title: 'This item is plated. Change its genotype?', onOk: run });
    else void run();
  };
  return (
    <Space direction="vertical">
      <span>
        DNA profile: {row.dnaProfileId ? `#${row.dnaProfileId} (processing complete)` : 'not approved yet'}; sample{' '}
        {row.sampleNumber}
      </span>
      <Radio.Group value={row.selectedGenotypeId ?? undefined} onChange={(e) => choose(e.target.value as number)}>
        {(genotypes.data ?? []).map((g) => (
          <Radio key={g.id} value={g.id}>
            {g.plateName} {g.well ?? ''} ({g.result}, {showDate(g.dateCreated)})
          </Radio>
        ))}
      </Radio.Group>
    </Space>
  );
}

const renderGenotypeChoice = (row: FulfillmentRow) => <GenotypeChoice row={row} />;

/** The remove-from-plate confirmation's shift-up choice. */
function ShiftUpChoice({ onChange }: { onChange: (on: boolean) => void }) {
  return <Checkbox onChange={(e) => onChange(e.target.checked)}>Shift the later wells up</Checkbox>;
}

export function AncestryFulfillmentPage() {
  const { message, modal } = App.useApp();
  const showError = useErrorDialog();
  const [params, setParams] = useUrlState(fulfillmentSearch);
  const counts = useQuery(countsQuery());
  const [selected, setSelected] = useState<FulfillmentRow[]>([]);
  const [dialog, setDialog] = useState<null | 'plate' | 'plated' | 'manifest' | 'flag' | 'upload' | 'import'>(null);
  const [target, setTarget] = useState<FulfillmentRow | null>(null);
  const [plate, setPlate] = useState<PlateAnswer | null>(null);
  const [editMode, setEditMode] = useState(false);
  const [tubeCodes, setTubeCodes] = useState<Record<number, string>>({});
  const [form] = Form.useForm();
  const activation = useFulfillmentAction('checkActivation');
  const picked = useFulfillmentAction('markPicked');
  const generate = useFulfillmentAction('generatePlate');
  const plated = useFulfillmentAction('markPlated');
  const remove = useFulfillmentAction('removeFromPlate');
  const tubes = useFulfillmentAction('updateTubeCodes');
  const manifest = useFulfillmentAction('generateManifest');
  const flag = useFulfillmentAction('flag');
  const unflag = useFulfillmentAction('unflag');
  const ids = selected.map((r) => r.id);
  /** Spec 3 §5: actions on selected rows need at least one selected. */
  const onSelected = (action: () => unknown) => () => {
    if (!ids.length) void message.warning(AncestryMessages.noItemSelected);
    else void action();
  };

  const open = (kind: NonNullable<typeof dialog>, row: FulfillmentRow | null = null) => {
    form.resetFields();
    setTarget(row);
    setDialog(kind);
  };
  const close = () => setDialog(null);
  const submit = async () => {
    const v = (await form.validateFields()) as Record<string, string | number | undefined>;
    try {
      if (dialog === 'plate') {
        setPlate(
          await generate.mutateAsync({
            fulfillmentIds: ids,
            plateNumber: (v.plateNumber as string) || null,
            rows: (v.rows as number) ?? null,
            columns: (v.columns as number) ?? null,
          }),
        );
      } else if (dialog === 'plated' && target) {
        await plated.mutateAsync({
          fulfillmentId: target.id,
          plateNumber: (v.plateNumber as string) || null,
          tubeCode: (v.tubeCode as string) || null,
          wellLocation: (v.wellLocation as string) || null,
        });
      } else if (dialog === 'manifest') {
        if (!v.trackingNumber) throw new Error(AncestryMessages.trackingRequired);
        const answer = await manifest.mutateAsync({ trackingNumber: v.trackingNumber as string, fulfillmentIds: ids });
        void message.success(`${answer.count} item(s) shipped.`);
      } else if (dialog === 'flag' && target) {
        if (!v.notes) throw new Error(AncestryMessages.notesRequired);
        await flag.mutateAsync({ fulfillmentId: target.id, notes: v.notes as string });
      }
      close();
      setSelected([]);
    } catch (error) {
      showError(error, dialog === 'plate' ? AncestryMessages.plateError : undefined);
    }
  };
  const confirmRemove = (r: FulfillmentRow) => {
    let shiftUp = false;
    modal.confirm({
      title: `Remove ${r.sampleNumber ?? r.id} from its plate?`,
      content: <ShiftUpChoice onChange={(on) => (shiftUp = on)} />,
      onOk: () => remove.mutateAsync({ fulfillmentId: r.id, shiftUp }).catch((e: unknown) => showError(e)),
    });
  };
  const countOf = (status: number) => counts.data?.find((c) => c.status === status)?.count ?? 0;
  const exportSelected = () => {
    const blob = new Blob([fulfilmentsCsv(selected)], { type: 'text/csv' });
    const link = document.createElement('a');
    link.href = URL.createObjectURL(blob);
    link.download = exportFileName();
    link.click();
    URL.revokeObjectURL(link.href);
  };

  return (
    <>
      <PageTitle>Ancestry fulfillment</PageTitle>
      <Card>
        <Space wrap style={{ marginBottom: 12 }}>
          <Select
            aria-label="Status"
            style={{ minWidth: 200 }}
            allowClear
            placeholder="All statuses"
            value={params.status}
            onChange={(status?: (typeof params)['status']) => setParams({ status }, { resetPage: true })}
            options={Object.entries(S).map(([label, value]) => ({ value, label: `${label} (${countOf(value)})` }))}
          />
          <MaxLengthInput
            kind="search"
            aria-label="Sample number"
            placeholder="Sample number"
            allowClear
            maxLength={32}
            defaultValue={params.sampleNumber}
            onSearch={(v) => setParams({ sampleNumber: v || undefined }, { resetPage: true })}
          />
          <MaxLengthInput
            kind="search"
            aria-label="Plate number"
            placeholder="Plate number"
            allowClear
            maxLength={50}
            defaultValue={params.ancestryPlateNumber}
            onSearch={(v) => setParams({ ancestryPlateNumber: v || undefined }, { resetPage: true })}
          />
        </Space>
        <Space wrap style={{ marginBottom: 12 }}>
          <Button
            onClick={onSelected(() =>
              activation
                .mutateAsync({ fulfillmentIds: ids })
                .then(
                  (a) => void message.info(a.count ? `${a.count} item(s) activated.` : AncestryMessages.notActivated),
                )
                .catch((e: unknown) => showError(e)),
            )}
          >
            Check activation
          </Button>
          <Button
            onClick={onSelected(() =>
              picked
                .mutateAsync({ fulfillmentIds: ids })
                .then(() => setSelected([]))
                .catch((e: unknown) => showError(e, AncestryMessages.pickError)),
            )}
          >
            Mark picked
          </Button>
          <Button onClick={onSelected(() => open('plate'))}>Generate plate</Button>
          <Button onClick={onSelected(() => open('upload'))}>Bulk upload plate</Button>
          <Button onClick={() => open('import')}>Bulk import plate</Button>
          <Button onClick={onSelected(() => open('manifest'))}>Generate manifest</Button>
          <Button onClick={onSelected(exportSelected)}>Export CSV</Button>
          {editMode ? (
            <>
              <Button
                type="primary"
                onClick={() =>
                  tubes
                    .mutateAsync(
                      Object.entries(tubeCodes).map(([id, tubeCode]) => ({ fulfillmentId: Number(id), tubeCode })),
                    )
                    .then(() => {
                      setEditMode(false);
                      setTubeCodes({});
                    })
                    .catch((e: unknown) => showError(e))
                }
                disabled={Object.keys(tubeCodes).length === 0}
              >
                Save tube codes
              </Button>
              <Button onClick={() => setEditMode(false)}>Cancel edit</Button>
            </>
          ) : (
            <Button onClick={() => setEditMode(true)}>Edit tube codes</Button>
          )}
        </Space>
        {plate && (
          <Alert
            type="success"
            closable
            onClose={() => setPlate(null)}
            style={{ marginBottom: 12 }}
            message={`Plate ${plate.plateNumber} generated`}
            description={<PlateGrid plate={plate} />}
          />
        )}
        <UrlTable<FulfillmentRow, typeof fulfillmentSearch>
          empty={{
            text: 'No ancestry orders match. Clear the filters; paid ancestry orders show here for fulfillment.',
          }}
          rowKey="id"
          searchSchema={fulfillmentSearch}
          queryKey={ancestryKeys.list}
          queryFn={fetchFulfillments}
          pageSizeOptions={FULFILLMENT_PAGE_SIZES}
          rowSelection={{
            selectedRowKeys: ids,
            onChange: (_keys, rows) => setSelected(rows),
          }}
          expandable={{ expandedRowRender: renderGenotypeChoice }}
          columns={[
            { title: 'Id', dataIndex: 'id' },
            { title: 'Sample', dataIndex: 'sampleNumber' },
            { title: 'Dog', dataIndex: 'petName' },
            {
              title: 'Status',
              dataIndex: 'status',
              render: (v: number, r: FulfillmentRow) => (
                <Space>
                  <Tag>{FulfillmentStatusLabels[v]}</Tag>
                  {r.isFlagged && (
                    <Tag color="red" title={r.flaggedNote ?? ''}>
                      Flagged
                    </Tag>
                  )}
                </Space>
              ),
            },
            { title: 'Plate', dataIndex: 'ancestryPlateNumber' },
            { title: 'Well', dataIndex: 'ancestryWellLocation' },
            {
              title: 'Tube code',
              dataIndex: 'ancestryTubeCode',
              render: (v: string | null, r: FulfillmentRow) =>
                editMode ? (
                  <MaxLengthInput
                    aria-label={`Tube code of ${r.id}`}
                    size="small"
                    maxLength={50}
                    value={tubeCodes[r.id] ?? v ?? ''}
                    onChange={(v) => setTubeCodes({ ...tubeCodes, [r.id]: v })}
                  />
                ) : (
                  v
                ),
            },
            { title: 'Created', dataIndex: 'dateCreated', render: (d: string) => showDate(d) },
            {
              title: 'Actions',
              key: 'actions',
              render: (_: unknown, r: FulfillmentRow) => (
                <Space wrap>
                  {(r.status === S.Picked || r.status === S.Plated) && (
                    <Button size="small" onClick={() => open('plated', r)}>
                      Mark plated
                    </Button>
                  )}
                  {(r.status === S.Picked || r.status === S.Plated) && (
                    <Button size="small" onClick={() => confirmRemove(r)}>
                      Remove from plate
                    </Button>
                  )}
                  {r.isFlagged ? (
                    <Button
                      size="small"
                      onClick={() =>
                        modal.confirm({
                          title: 'Unflag this fulfillment?',
                          onOk: () => unflag.mutateAsync({ fulfillmentId: r.id }).catch((e: unknown) => showError(e)),
                        })
                      }
                    >
                      Unflag
                    </Button>
                  ) : (
                    <Button size="small" onClick={() => open('flag', r)}>
                      Flag
                    </Button>
                  )}
                </Space>
              ),
            },
          ]}
        />
      </Card>
      <Modal
        title={
          { plate: 'Generate plate', plated: 'Mark plated', manifest: 'Generate manifest', flag: 'Flag fulfillment' }[
            dialog as 'plate'
          ] ?? ''
        }
        open={dialog !== null && dialog !== 'upload' && dialog !== 'import'}
        onCancel={close}
        onOk={() => void submit()}
        okText="Save"
        destroyOnHidden
        forceRender
      >
        <Form form={form} layout="vertical" name="fulfillmentAction">
          {(dialog === 'plate' || dialog === 'plated') && (
            <Form.Item name="plateNumber" label="Plate number">
              <MaxLengthInput maxLength={50} />
            </Form.Item>
          )}
          {dialog === 'plate' && (
            <Space>
              <Form.Item name="rows" label="Rows">
                <InputNumber min={1} max={64} />
              </Form.Item>
              <Form.Item name="columns" label="Columns">
                <InputNumber min={1} max={64} />
              </Form.Item>
            </Space>
          )}
          {dialog === 'plated' && (
            <>
              <Form.Item name="tubeCode" label="Tube code">
                <MaxLengthInput maxLength={50} />
              </Form.Item>
              <Form.Item
                name="wellLocation"
                label="Well location"
                rules={[{ max: 3, message: AncestryMessages.wellTooLong }]}
              >
                <MaxLengthInput maxLength={3} />
              </Form.Item>
            </>
          )}
          {dialog === 'manifest' && (
            <Form.Item name="trackingNumber" label="Tracking number">
              <MaxLengthInput maxLength={100} />
            </Form.Item>
          )}
          {dialog === 'flag' && (
            <Form.Item
              name="notes"
              label="Notes"
              rules={[{ max: FULFILLMENT_NOTES_MAX, message: AncestryMessages.notesTooLong }]}
            >
              <MaxLengthInput multiline maxLength={FULFILLMENT_NOTES_MAX} rows={3} />
            </Form.Item>
          )}
        </Form>
      </Modal>
      <PlateFileModal
        mode={dialog === 'upload' ? 'upload' : dialog === 'import' ? 'import' : null}
        selected={selected}
        onClose={close}
      />
    </>
  );
}
