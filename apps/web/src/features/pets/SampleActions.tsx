import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { App, Form, Modal, Typography } from 'antd';
import {
  FLAG_NOTES_MAX,
  PetMessages,
  SampleMessages,
  STATUS_NOTES_MAX,
  sampleHistoryActionWords,
  sampleStatusTarget,
  type SampleStatusAction,
} from '@registry/contracts';
import { DataTable } from '../../components/DataTable';
import { ErrorPresenter, useErrorDialog } from '../../components/ErrorPresenter';
import { MaxLengthInput } from '../../components/MaxLengthInput';
import { statusLabel } from './petLabels';
import { sampleHistoryQuery, useFlagPet, useSampleAction, type PetView } from './pets.api';
import { showDateTime } from '../../components/labTime';

export const ACTION_LABELS: Record<SampleStatusAction, string> = {
  reject: 'Reject',
  accept: 'Accept',
  expire: 'Expire',
  reinstate: 'Reinstate',
  void: 'Void',
  unvoid: 'Un-void',
  resetToProfileCreated: 'Reset status',
  verify: 'Verify',
};
const NOTES_ACTIONS: readonly SampleStatusAction[] = ['reject', 'void', 'unvoid'];

/** The status actions the machine allows from the pet's current status (spec 3 §4: others are not shown). */
export const allowedActions = (pet: Pick<PetView, 'customerFacingStatus'>): SampleStatusAction[] =>
  (Object.keys(ACTION_LABELS) as SampleStatusAction[]).filter(
    (action) => sampleStatusTarget('pet', action, pet.customerFacingStatus) !== null,
  );

type Pending = { kind: 'status'; action: SampleStatusAction } | { kind: 'flag' } | null;

/**
 * Runs a status action or the flag for one pet: actions that need notes (reject, void, un-void) and flagging ask for
 * them first; the others ask to confirm. Returns the opener and the dialog to render.
 */
export type SampleTarget = Pick<PetView, 'id' | 'name' | 'sampleNumber' | 'customerFacingStatus' | 'isFlagged'> & {
  flagNotes?: string | null;
};

export function useSampleActionRunner(pet: SampleTarget | undefined) {
  const { modal, message } = App.useApp();
  const showError = useErrorDialog();
  const run = useSampleAction();
  const flag = useFlagPet();
  const [pending, setPending] = useState<Pending>(null);
  const [notes, setNotes] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  const runStatus = async (action: SampleStatusAction, text?: string) => {
    if (!pet) return;
    try {
      const result = await run.mutateAsync({ id: pet.id, action, notes: text });
      void message.success(result.message);
      setPending(null);
    } catch (error) {
      // Spec 3 §8: 'Failed to reject sample.' with 'Please contact an administrator if this issue persists.'
      if (action === 'reject') showError(error, PetMessages.rejectFailed, PetMessages.contactAdministrator);
      else showError(error);
    }
  };

  const open = (next: Exclude<Pending, null>) => {
    if (!pet) return;
    setNotes(next.kind === 'flag' ? (pet.flagNotes ?? '') : '');
    setProblem(null);
    if (next.kind === 'flag' && pet.isFlagged) {
      flag.mutateAsync({ id: pet.id, flagged: false }).then(
        (r) => void message.success(r.message),
        (e: unknown) => showError(e),
      );
      return;
    }
    if (next.kind === 'status' && !NOTES_ACTIONS.includes(next.action)) {
      modal.confirm({
        title: `${ACTION_LABELS[next.action]} ${pet.sampleNumber ?? pet.name}`,
        content: `The status will change from ${statusLabel(pet.customerFacingStatus)}. Continue?`,
        okText: ACTION_LABELS[next.action],
        onOk: () => runStatus(next.action),
      });
      return;
    }
    setPending(next);
  };

  const submit = async () => {
    if (!pet || !pending) return;
    if (pending.kind === 'flag') {
      if (notes.length > FLAG_NOTES_MAX) return setProblem(SampleMessages.flagNotesTooLong);
      try {
        const r = await flag.mutateAsync({ id: pet.id, flagged: true, notes });
        void message.success(r.message);
        setPending(null);
      } catch (error) {
        showError(error);
      }
      return;
    }
    if (!notes.trim())
      return setProblem(
        pending.action === 'reject' ? SampleMessages.rejectNotesRequired : SampleMessages.notesRequired,
      );
    await runStatus(pending.action, notes);
  };

  const dialog = (
    <Modal
      open={pending !== null}
      title={pending?.kind === 'flag' ? `Flag ${pet?.name ?? ''}` : pending ? ACTION_LABELS[pending.action] : ''}
      okText={pending?.kind === 'flag' ? 'Flag' : pending ? ACTION_LABELS[pending.action] : 'OK'}
      onOk={() => void submit()}
      onCancel={() => setPending(null)}
      confirmLoading={run.isPending || flag.isPending}
      destroyOnHidden
    >
      <Form layout="vertical">
        <Form.Item
          label="Notes"
          htmlFor="sample-action-notes"
          validateStatus={problem ? 'error' : undefined}
          help={problem ?? undefined}
        >
          <MaxLengthInput
            id="sample-action-notes"
            multiline
            rows={3}
            maxLength={pending?.kind === 'flag' ? FLAG_NOTES_MAX : STATUS_NOTES_MAX}
            value={notes}
            onChange={setNotes}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
  return { open, dialog };
}

/** Who changed the sample's status or flag, when, from what to what, and why. */
export function SampleHistory({ sampleNumber }: { sampleNumber: string }) {
  const query = useQuery(sampleHistoryQuery(sampleNumber));
  return (
    <>
      <Typography.Title level={5}>Sample history</Typography.Title>
      <ErrorPresenter error={query.error} />
      <DataTable
        rowKey="id"
        size="small"
        loading={query.isLoading}
        dataSource={query.data ?? []}
        pagination={false}
        // No filters here to clear (the default empty text's advice): say what will fill the list.
        empty={{
          text: 'No changes yet. Status changes and flags of this sample, with who made them, are listed here.',
        }}
        columns={[
          { title: 'When', dataIndex: 'changedAt', render: (v: string) => showDateTime(v) },
          { title: 'Who', dataIndex: 'changedByName', render: (v: string | null) => v ?? '—' },
          { title: 'Change', dataIndex: 'action', render: (v: string) => sampleHistoryActionWords(v) },
          { title: 'From', dataIndex: 'fromStatus', render: statusLabel },
          { title: 'To', dataIndex: 'toStatus', render: statusLabel },
          { title: 'Notes', dataIndex: 'notes', render: (v: string | null) => v ?? '' },
        ]}
      />
    </>
  );
}
