// Edits one waste match result's notes (PUT /pooprintsmatchresult/updatenotes/{id}, spec 3 §7 "Results"); a refusal
// shows in the shared Error dialog with the server's exceptionMessage (spec 3 §8 "Notes update failure").
import { useState } from 'react';
import { App, Form, Modal } from 'antd';
import { WASTE_RESULT_MESSAGES } from '@registry/contracts';
import { useErrorDialog } from '../../../components/ErrorPresenter';
import { MaxLengthInput } from '../../../components/MaxLengthInput';
import { useUpdateResultNotes } from '../wasteresults.api';

export function ResultNotesModal({
  result,
  onClose,
}: {
  result: { matchResultId: number; bioPetNotes: string | null } | null;
  onClose: () => void;
}) {
  const { message } = App.useApp();
  const showError = useErrorDialog();
  const update = useUpdateResultNotes();
  const [notes, setNotes] = useState<string | null>(null);
  const text = notes ?? result?.bioPetNotes ?? '';
  return (
    <Modal
      open={result !== null}
      title="Edit result notes"
      okText="Save"
      confirmLoading={update.isPending}
      onCancel={onClose}
      afterClose={() => setNotes(null)}
      onOk={() =>
        result &&
        update.mutate(
          { resultId: result.matchResultId, bioPetNotes: text.trim() || null },
          {
            onSuccess: () => {
              void message.success(WASTE_RESULT_MESSAGES.notesUpdated);
              onClose();
            },
            onError: (error) => showError(error),
          },
        )
      }
      destroyOnHidden
    >
      <Form layout="vertical">
        <Form.Item label="Notes" htmlFor="result-notes">
          <MaxLengthInput id="result-notes" multiline rows={4} maxLength={1000} value={text} onChange={setNotes} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
