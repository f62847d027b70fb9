// A DNA profile opened from the table or the plate map: the instrument's calls and the genotype in force (an analyst's
// lab-saved genotype, editable by the lab), the approval dates with their revert, and certificate revocation.
import { useState } from 'react';
import { App, Button, Descriptions, Modal, Select, Space, Table, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { DNA_MESSAGES, can, wordsOf } from '@registry/contracts';
import { useCurrentUser } from '../../../lib/auth';
import { ErrorPresenter, useErrorDialog } from '../../../components/ErrorPresenter';
import {
  approvedDatesQuery,
  genotypesQuery,
  panelsQuery,
  useRemoveLabGenotype,
  useRevertApprovedDate,
  useRevokeCertificate,
  useSaveLabGenotype,
} from '../dna.api';
import { showDateTime } from '../../../components/labTime';
import { MaxLengthInput } from '../../../components/MaxLengthInput';

type Entry = { marker: string; alleleA: string; alleleB: string };

export function ProfileModal({ dnaProfileId, onClose }: { dnaProfileId: number | null; onClose: () => void }) {
  const { message, modal } = App.useApp();
  const showError = useErrorDialog();
  const me = useCurrentUser();
  const mayManage = me !== undefined && can(me.roleId, 'dna.manage');
  const genotypes = useQuery({ ...genotypesQuery(dnaProfileId ?? 0), enabled: dnaProfileId !== null });
  // The panel by its name (the lab reads "ISAG 2006 canine", not its id).
  const panels = useQuery({ ...panelsQuery(), enabled: dnaProfileId !== null });
  const sampleNumber = genotypes.data?.dnaProfileResult.sampleNumber;
  const dates = useQuery({ ...approvedDatesQuery(sampleNumber ?? ''), enabled: Boolean(sampleNumber) });
  const save = useSaveLabGenotype();
  const removeSaved = useRemoveLabGenotype();
  const revert = useRevertApprovedDate();
  const revoke = useRevokeCertificate();
  const [editing, setEditing] = useState<Entry[] | null>(null);
  const [revertTo, setRevertTo] = useState<number | undefined>();

  const calls = new Map((genotypes.data?.dnaProfileResult.markerValues ?? []).map((e) => [e.marker, e]));
  const rows = (editing ?? genotypes.data?.genotypes ?? []).map((g) => ({
    ...g,
    instrument: calls.get(g.marker),
  }));
  const setAllele = (marker: string, key: 'alleleA' | 'alleleB', value: string) =>
    setEditing((list) => (list ?? []).map((e) => (e.marker === marker ? { ...e, [key]: value } : e)));

  const onRevert = () => {
    if ((dates.data?.length ?? 0) < 2) {
      void message.warning(DNA_MESSAGES.noAlternativeApprovalDates);
      return;
    }
    if (!sampleNumber || !revertTo) return;
    revert.mutate(
      { sampleNumber, sampleHistoryId: revertTo },
      {
        onSuccess: () => void message.success(DNA_MESSAGES.approvalDateReverted),
        onError: (e) => showError(e, DNA_MESSAGES.anErrorOccurred),
      },
    );
  };

  return (
    <Modal
      open={dnaProfileId !== null}
      onCancel={() => {
        setEditing(null);
        onClose();
      }}
      title={sampleNumber ? `DNA profile ${sampleNumber}` : 'DNA profile'}
      width={720}
      footer={null}
      destroyOnHidden
    >
      <ErrorPresenter error={genotypes.error} />
      {genotypes.data && (
        <>
          <Descriptions size="small" column={{ xs: 1, sm: 2 }}>
            <Descriptions.Item label="Result">{genotypes.data.dnaProfileResult.result}</Descriptions.Item>
            <Descriptions.Item label="Panel">
              {panels.data?.find((p) => p.id === genotypes.data.dnaProfileResult.panelId)?.name ??
                wordsOf(genotypes.data.dnaProfileResult.panelId)}
            </Descriptions.Item>
            {genotypes.data.dnaProfileResult.failReasons.length > 0 && (
              <Descriptions.Item label="Fail reasons">
                {genotypes.data.dnaProfileResult.failReasons.map(wordsOf).join(', ')}
              </Descriptions.Item>
            )}
            {genotypes.data.dnaProfileResult.pendingReasons.length > 0 && (
              <Descriptions.Item label="To review">
                {genotypes.data.dnaProfileResult.pendingReasons.join('; ')}
              </Descriptions.Item>
            )}
          </Descriptions>
          <Table
            size="small"
            rowKey="marker"
            pagination={false}
            scroll={{ x: true, y: 320 }}
            dataSource={rows}
            columns={[
              { title: 'Marker', dataIndex: 'marker' },
              {
                title: 'Instrument call',
                key: 'instrument',
                render: (_: unknown, r) => [r.instrument?.alleleA, r.instrument?.alleleB].filter(Boolean).join(', '),
              },
              ...(['alleleA', 'alleleB'] as const).map((key) => ({
                title: key === 'alleleA' ? 'Allele 1' : 'Allele 2',
                key,
                render: (_: unknown, r: Entry) =>
                  editing ? (
                    <MaxLengthInput
                      aria-label={`${r.marker} ${key === 'alleleA' ? 'allele 1' : 'allele 2'}`}
                      value={r[key]}
                      maxLength={12}
                      style={{ width: 80 }}
                      onChange={(v) => setAllele(r.marker, key, v)}
                    />
                  ) : (
                    r[key]
                  ),
              })),
            ]}
          />
          {genotypes.data.dnaProfileResult.isLabSaved && (
            <Typography.Text type="secondary">Genotype saved by the lab.</Typography.Text>
          )}
          {mayManage && (
            <Space wrap style={{ marginTop: 12 }}>
              {editing ? (
                <>
                  <Button
                    type="primary"
                    loading={save.isPending}
                    onClick={() =>
                      save.mutate(
                        { dnaProfileId: dnaProfileId!, labSavedGenotype: editing },
                        {
                          onSuccess: () => {
                            setEditing(null);
                            void message.success('Saved Successfully.');
                          },
                          onError: (e) => showError(e),
                        },
                      )
                    }
                  >
                    Save genotype
                  </Button>
                  <Button onClick={() => setEditing(null)}>Cancel</Button>
                </>
              ) : (
                <Button onClick={() => setEditing(genotypes.data.genotypes)}>Edit genotype</Button>
              )}
              {!editing && genotypes.data.dnaProfileResult.isLabSaved && (
                <Button
                  loading={removeSaved.isPending}
                  onClick={() =>
                    modal.confirm({
                      title: 'Remove the lab-saved genotype?',
                      content: "The instrument's calls become the profile's genotype again.",
                      okText: 'Remove',
                      okButtonProps: { danger: true },
                      onOk: () =>
                        removeSaved.mutateAsync(dnaProfileId!).then(
                          () => void message.success('Lab-saved genotype removed.'),
                          (e) => showError(e),
                        ),
                    })
                  }
                >
                  Remove lab-saved genotype
                </Button>
              )}
              <Select
                aria-label="Approval date"
                placeholder="Approval date"
                style={{ minWidth: 200 }}
                value={revertTo}
                onChange={setRevertTo}
                options={(dates.data ?? []).map((d) => ({
                  value: d.id,
                  label: showDateTime(d.dateCreated),
                }))}
              />
              <Button onClick={onRevert} loading={revert.isPending}>
                Revert approval date
              </Button>
              <Button
                danger
                onClick={() =>
                  modal.confirm({
                    title: 'Revoke the DNA verification certificate?',
                    okText: 'Revoke',
                    okButtonProps: { danger: true },
                    onOk: () =>
                      revoke.mutateAsync(dnaProfileId!).then(
                        () => void message.success(DNA_MESSAGES.certificateRevoked),
                        (e) => showError(e),
                      ),
                  })
                }
              >
                Revoke verification certificate
              </Button>
            </Space>
          )}
        </>
      )}
    </Modal>
  );
}
