// The test-result history of a puppy: every run with its marker table; the provider's staff override a result with
// notes, edit notes and delete a result.
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Collapse, Empty, Form, Modal, Select, Space } from 'antd';
import { PARENTAGE_MESSAGES, PARENTAGE_RUN_RESULTS, can } from '@registry/contracts';
import { useCurrentUser } from '../../lib/auth';
import { ErrorPresenter, useErrorDialog } from '../../components/ErrorPresenter';
import { MarkerTable, ResultSummary } from './MarkerTable';
import {
  resultSetQuery,
  useDeleteResult,
  useOverrideResult,
  useUpdateNotes,
  type MatchResult,
  type RunResult,
} from './parentage.api';
import { showDateTime } from '../../components/labTime';
import { MaxLengthInput } from '../../components/MaxLengthInput';

function ResultActions({ setId, result }: { setId: number; result: MatchResult }) {
  const { message, modal } = App.useApp();
  const showError = useErrorDialog();
  const override = useOverrideResult();
  const notes = useUpdateNotes();
  const remove = useDeleteResult();
  const [verdict, setVerdict] = useState<RunResult>(result.parentageMatchRunResult);
  const [text, setText] = useState(result.bioPetNotes ?? '');
  const ids = { setId, resultId: result.parentageMatchResultId };
  return (
    <Form layout="vertical">
      <Form.Item label="Notes" htmlFor={`notes-${result.parentageMatchResultId}`}>
        <MaxLengthInput
          multiline
          id={`notes-${result.parentageMatchResultId}`}
          value={text}
          maxLength={2000}
          onChange={(v) => setText(v)}
        />
      </Form.Item>
      <Space wrap>
        <Select
          aria-label="Result"
          value={verdict}
          onChange={setVerdict}
          options={PARENTAGE_RUN_RESULTS.map((r) => ({ value: r, label: r }))}
          style={{ width: 160 }}
        />
        <Button
          loading={override.isPending}
          onClick={() =>
            override
              .mutateAsync({ ...ids, matchRunResult: verdict, bioPetNotes: text })
              .then(() => message.success(PARENTAGE_MESSAGES.overridden), showError)
          }
        >
          Override result
        </Button>
        <Button
          loading={notes.isPending}
          onClick={() =>
            notes
              .mutateAsync({ ...ids, notes: text })
              .then(() => message.success(PARENTAGE_MESSAGES.notesUpdated), showError)
          }
        >
          Save notes
        </Button>
        <Button
          danger
          onClick={() =>
            modal.confirm({
              title: 'Delete this result?',
              onOk: () =>
                remove.mutateAsync(ids).then(() => message.success(PARENTAGE_MESSAGES.resultDeleted), showError),
            })
          }
        >
          Delete
        </Button>
      </Space>
    </Form>
  );
}

export function ResultHistoryModal({ puppy, onClose }: { puppy: string; onClose: () => void }) {
  const set = useQuery(resultSetQuery(puppy));
  const me = useCurrentUser();
  const mayOverride = Boolean(me && can(me.roleId, 'parentage.override'));
  return (
    <Modal open width={820} title={`Test result history for ${puppy}`} onCancel={onClose} footer={null}>
      <ErrorPresenter error={set.error} />
      {set.data && set.data.results.length === 0 && <Empty />}
      {set.data && (
        <Collapse
          items={set.data.results.map((r) => ({
            key: r.parentageMatchResultId,
            label: (
              <span>
                {showDateTime(r.dateCreated)} · Dam {r.damSampleNumber} · Sire {r.sireSampleNumber} ·{' '}
                <ResultSummary result={r} />
              </span>
            ),
            children: (
              <>
                {r.bioPetNotes && <p>Notes: {r.bioPetNotes}</p>}
                <MarkerTable result={r} />
                {mayOverride && <ResultActions setId={set.data.matchResultSetId} result={r} />}
              </>
            ),
          }))}
        />
      )}
    </Modal>
  );
}
