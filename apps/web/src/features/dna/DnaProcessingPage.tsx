// The plate view (/dna/processing, spec 3 §2 and §4): DNA profile rows with filters and paging, single and bulk lab
// status changes, approve all passing (everywhere or on the chosen plate), archive, cancel verification, the GeneMapper
// upload with its warnings, the profile summary counts above the table (spec 1 §3) and the plate map of the chosen
// plate beside the table.
import { useMemo, useState } from 'react';
import { App, Button, Card, Checkbox, Col, Form, Row, Select, Space, Tag } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { DNA_MESSAGES, DnaProfileLabStatus, can, dnaProcessingQuery, maxLengthAt } from '@registry/contracts';
import { useCurrentUser } from '../../lib/auth';
import { useErrorDialog } from '../../components/ErrorPresenter';
import { PageTitle } from '../../components/PageTitle';
import { UrlSearchFilter } from '../../components/urlFilters';
import { UrlTable, useUrlState } from '../../components/UrlTable';
import { ActionsDropdown } from '../../components/ActionsDropdown';
import {
  dnaKeys,
  fetchProcessing,
  plateSummariesQuery,
  useApproveAllPassing,
  useUpdateStatus,
  type DnaProfileRow,
  type PlateUploadResult,
} from './dna.api';
import { PROCESSING_PAGE_SIZES, processingSearch } from './dna.search';
import { LAB_STATUS_FILTER_OPTIONS, LAB_STATUS_OPTIONS, labStatusLabel } from './labStatus';
import { PlateMap } from './components/PlateMap';
import { ProfileSummary } from './components/ProfileSummary';
import { ProfileModal } from './components/ProfileModal';
import { UploadPlateModal, UploadWarnings } from './components/UploadPlateModal';
import { FilterBar } from '../../components/FilterBar';

const { Approved, Inactive, Verification, VerificationCancelled } = DnaProfileLabStatus;

export function DnaProcessingPage() {
  const { modal, message } = App.useApp();
  const showError = useErrorDialog();
  const me = useCurrentUser();
  const mayManage = me !== undefined && can(me.roleId, 'dna.manage');
  const [params, setParams] = useUrlState(processingSearch);
  const plates = useQuery(plateSummariesQuery());
  const updateStatus = useUpdateStatus();
  const approveAll = useApproveAllPassing();
  const [selected, setSelected] = useState<number[]>([]);
  const [bulkStatus, setBulkStatus] = useState<number | undefined>();
  const [hidden, setHidden] = useState<Set<number>>(new Set());
  const [uploadOpen, setUploadOpen] = useState(false);
  const [uploaded, setUploaded] = useState<PlateUploadResult | null>(null);
  const [openProfile, setOpenProfile] = useState<number | null>(null);
  const includeUpdated = params.includeUpdated ?? false;

  // With include-updated off, updated rows leave the table (spec 3 §4); with it on, they update in place.
  const afterUpdate = (ids: number[]) => {
    if (!includeUpdated) setHidden((h) => new Set([...h, ...ids]));
    setSelected((s) => s.filter((id) => !ids.includes(id)));
  };
  const setStatus = (ids: number[], labStatus: number) =>
    updateStatus.mutate(
      { dnaProfileIds: ids, labStatus },
      {
        onSuccess: (r) => {
          afterUpdate(r.updatedIds);
          void message.success(labStatus === Approved ? DNA_MESSAGES.approvedSuccessfully : r.message);
        },
        onError: (e) => showError(e),
      },
    );

  const approveRows = (rows: DnaProfileRow[]) => {
    const failing = rows.filter((r) => r.result !== 'Pass');
    const flagged = rows.filter((r) => r.isFlagged);
    const go = () =>
      setStatus(
        rows.map((r) => r.dnaProfileId),
        Approved,
      );
    const confirmFail = () =>
      failing.length
        ? modal.confirm({
            title: 'Approve a failing profile?',
            content: `${failing.map((r) => r.sampleNumber).join(', ')} did not pass validation.`,
            okText: 'Approve',
            onOk: go,
          })
        : go();
    if (flagged.length)
      modal.confirm({
        title: 'Flagged sample',
        content: `${flagged.map((r) => r.sampleNumber).join(', ')} is flagged.`,
        okText: 'Continue',
        onOk: confirmFail,
      });
    else confirmFail();
  };

  const onBulkUpdate = () => {
    if (bulkStatus === undefined) return void message.warning(DNA_MESSAGES.selectStatus);
    if (selected.length === 0) return void message.warning(DNA_MESSAGES.selectSample);
    setStatus(selected, bulkStatus);
  };

  // Approving a whole plate (or every plate) moves dozens of samples on and mails their owners: asked first.
  const onApproveAll = (plateId?: number) =>
    modal.confirm({
      title: plateId ? 'Approve all passing profiles on this plate?' : 'Approve all passing profiles?',
      content: plateId
        ? 'Every passing profile of the plate is approved and its sample moves on; owners are told.'
        : 'Every passing profile of every plate is approved and its sample moves on; owners are told.',
      okText: 'Approve all passing',
      onOk: () =>
        approveAll.mutateAsync(plateId).then(
          (r) => {
            afterUpdate(includeUpdated ? [] : r.approvedIds);
            void message.success(`${DNA_MESSAGES.approvedSuccessfully} (${r.approvedCount})`);
          },
          (e: unknown) => showError(e),
        ),
    });

  const fetchVisible = useMemo(
    () => async (p: typeof params) => {
      const page = await fetchProcessing(p);
      return { ...page, data: page.data.filter((r) => !hidden.has(r.dnaProfileId)) };
    },
    [hidden],
  );

  const columns = [
    { title: 'Sample number', dataIndex: 'sampleNumber', key: 'sampleNumber' },
    { title: 'Well', dataIndex: 'well', key: 'well', width: 70 },
    {
      title: 'Result',
      dataIndex: 'result',
      key: 'result',
      render: (r: string) => <Tag color={r === 'Pass' ? 'green' : r === 'Fail' ? 'red' : 'gold'}>{r}</Tag>,
    },
    { title: 'Lab status', dataIndex: 'labStatus', key: 'labStatus', render: labStatusLabel },
    {
      title: 'Notes',
      key: 'notes',
      render: (_: unknown, r: DnaProfileRow) => (
        <Space wrap size={2}>
          {r.isFlagged && <Tag color="orange">Flagged</Tag>}
          {r.isGenderMismatch && <Tag color="purple">Gender mismatch</Tag>}
          {r.isDnaVerificationCertificateRevoked && <Tag>Certificate revoked</Tag>}
          {r.diffed.length > 0 && <span>Diffed: {r.diffed.join(', ')}</span>}
          {r.missing.length > 0 && <span>Missing: {r.missing.join(', ')}</span>}
          {r.failReasonText && <span>{r.failReasonText}</span>}
        </Space>
      ),
    },
    { title: 'Plate', key: 'plate', render: (_: unknown, r: DnaProfileRow) => r.plate.plateName },
    {
      title: 'Actions',
      key: 'actions',
      render: (_: unknown, r: DnaProfileRow) => (
        <ActionsDropdown
          size="small"
          moreLabel={`More actions for ${r.sampleNumber}`}
          actions={[
            { key: 'profile', label: 'Profile', onClick: () => setOpenProfile(r.dnaProfileId) },
            {
              key: 'approve',
              label: 'Approve',
              eligible: mayManage && r.labStatus !== Approved,
              onClick: () => approveRows([r]),
            },
            {
              key: 'archive',
              label: 'Archive',
              eligible: mayManage && r.isPetSample && r.labStatus !== Inactive,
              onClick: () => setStatus([r.dnaProfileId], Inactive),
            },
            {
              key: 'cancel',
              label: 'Cancel verification',
              eligible: mayManage && r.labStatus === Verification,
              onClick: () => setStatus([r.dnaProfileId], VerificationCancelled),
            },
          ]}
        />
      ),
    },
  ];

  return (
    <>
      <PageTitle
        extra={
          mayManage && (
            <Space wrap>
              <Button type="primary" onClick={() => setUploadOpen(true)}>
                Import GeneMapper file
              </Button>
              <Button
                onClick={() => onApproveAll()}
                loading={approveAll.isPending && approveAll.variables === undefined}
              >
                Approve all passing
              </Button>
            </Space>
          )
        }
      >
        DNA processing
      </PageTitle>
      {uploaded && <UploadWarnings result={uploaded} onClose={() => setUploaded(null)} />}
      <Card>
        <FilterBar style={{ marginBottom: 16, rowGap: 8 }}>
          <UrlSearchFilter
            label="Sample number"
            id="dna-sample-number"
            name="sampleNumber"
            maxLength={maxLengthAt(dnaProcessingQuery, 'sampleNumber')}
          />
          <Form.Item label="Lab status" htmlFor="dna-lab-status">
            <Select
              id="dna-lab-status"
              allowClear
              style={{ width: 190 }}
              placeholder="Any"
              value={params.labStatus}
              onChange={(v) => setParams({ labStatus: v }, { resetPage: true })}
              options={LAB_STATUS_FILTER_OPTIONS}
            />
          </Form.Item>
          <Form.Item label="Result" htmlFor="dna-result">
            <Select
              id="dna-result"
              allowClear
              style={{ width: 110 }}
              placeholder="Any"
              value={params.result}
              onChange={(v) => setParams({ result: v }, { resetPage: true })}
              options={['Pass', 'Fail', 'Pending'].map((v) => ({ value: v, label: v }))}
            />
          </Form.Item>
          <Form.Item label="Plate" htmlFor="dna-plate">
            <Select
              id="dna-plate"
              allowClear
              showSearch={{ optionFilterProp: 'label' }}
              style={{ minWidth: 180 }}
              placeholder="All plates"
              value={params.plateId}
              onChange={(v) => setParams({ plateId: v }, { resetPage: true })}
              options={(plates.data ?? []).map((p) => ({ value: p.id, label: p.plateName }))}
            />
          </Form.Item>
          <Form.Item>
            <Checkbox
              checked={includeUpdated}
              onChange={(e) => {
                setHidden(new Set());
                setParams({ includeUpdated: e.target.checked || undefined });
              }}
            >
              Include updated
            </Checkbox>
          </Form.Item>
        </FilterBar>
        {mayManage && (
          <Space wrap style={{ marginBottom: 12 }}>
            <Select
              aria-label="New lab status"
              placeholder="Set lab status"
              style={{ width: 200 }}
              value={bulkStatus}
              onChange={setBulkStatus}
              options={LAB_STATUS_OPTIONS}
            />
            <Button onClick={onBulkUpdate} loading={updateStatus.isPending}>
              Update status ({selected.length})
            </Button>
            {params.plateId && (
              <Button
                type="primary"
                onClick={() => onApproveAll(params.plateId)}
                loading={approveAll.isPending && approveAll.variables === params.plateId}
              >
                Approve all passing on plate
              </Button>
            )}
          </Space>
        )}
        <ProfileSummary plateId={params.plateId} />
        <Row gutter={[16, 16]}>
          <Col xs={24} xl={params.plateId ? 15 : 24}>
            <UrlTable<DnaProfileRow, typeof processingSearch>
              empty={{
                text: 'No DNA profiles match. Clear the filters, or import a GeneMapper file to add a plate’s profiles.',
                action: mayManage && (
                  <Button type="primary" onClick={() => setUploadOpen(true)}>
                    Import GeneMapper file
                  </Button>
                ),
              }}
              rowKey="dnaProfileId"
              searchSchema={processingSearch}
              queryKey={(p) => [...dnaKeys.processing(p), [...hidden]]}
              queryFn={fetchVisible}
              pageSizeOptions={PROCESSING_PAGE_SIZES}
              rowSelection={
                mayManage ? { selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(Number)) } : undefined
              }
              columns={columns}
            />
          </Col>
          {params.plateId && (
            <Col xs={24} xl={9}>
              <PlateMap plateId={params.plateId} onOpenProfile={setOpenProfile} />
            </Col>
          )}
        </Row>
      </Card>
      <UploadPlateModal
        open={uploadOpen}
        onClose={() => setUploadOpen(false)}
        onUploaded={(result) => {
          setUploadOpen(false);
          setUploaded(result);
          setHidden(new Set());
          setParams({ plateId: result.plateId }, { resetPage: true });
        }}
      />
      <ProfileModal dnaProfileId={openProfile} onClose={() => setOpenProfile(null)} />
    </>
  );
}
