// The code import of both code screens (spec 2 §5, §8; spec 3): choose a csv, xls, xlsx, ods or text file, confirm, and
// see 'Successfully imported N codes.' or 'Import Failed' with at most 10 'Row N: error' lines and '... and k more errors.'
import { useState } from 'react';
import { Alert, App, Button, Modal, Upload } from 'antd';
import { PROMOTION_IMPORT_ERROR_CAP, ShopMessages } from '@registry/contracts';
import type { ImportAnswer } from './shop.api';

const ACCEPTED = ['csv', 'xls', 'xlsx', 'ods', 'txt'];

export function importErrorLines(errors: { row: number; error: string }[]): string[] {
  const lines = errors.slice(0, PROMOTION_IMPORT_ERROR_CAP).map((e) => `Row ${e.row}: ${e.error}`);
  if (errors.length > PROMOTION_IMPORT_ERROR_CAP)
    lines.push(ShopMessages.moreErrors(errors.length - PROMOTION_IMPORT_ERROR_CAP));
  return lines;
}

export function ImportCodesModal({
  open,
  onClose,
  upload,
  invalidFileMessage,
}: {
  open: boolean;
  onClose: () => void;
  upload: (file: File) => Promise<ImportAnswer>;
  /** The screen's own wording of the wrong-file-type message (the two code screens' specs word it differently). */
  invalidFileMessage: string;
}) {
  const { modal, message } = App.useApp();
  const [file, setFile] = useState<File | null>(null);
  const [result, setResult] = useState<{ ok: boolean; title: string; lines: string[] } | null>(null);
  const [busy, setBusy] = useState(false);

  const run = () => {
    if (!file) return;
    modal.confirm({
      title: ShopMessages.importConfirm,
      okText: 'Import',
      onOk: async () => {
        setBusy(true);
        try {
          const answer = await upload(file);
          if (answer.success) {
            void message.success(answer.message);
            setResult({ ok: true, title: ShopMessages.importSuccessful, lines: [answer.message] });
          } else
            setResult({
              ok: false,
              title: ShopMessages.importFailed,
              lines: [answer.message, ...importErrorLines(answer.errors)].filter(
                (line) => line !== ShopMessages.importFailed,
              ),
            });
        } catch (error) {
          setResult({
            ok: false,
            title: ShopMessages.importFailed,
            lines: [(error as Error).message || ShopMessages.importFallback],
          });
        } finally {
          setBusy(false);
        }
      },
    });
  };

  return (
    <Modal
      title="Import codes"
      open={open}
      onCancel={() => {
        setFile(null);
        setResult(null);
        onClose();
      }}
      footer={[
        <Button key="close" onClick={onClose}>
          Close
        </Button>,
        <Button key="import" type="primary" disabled={!file} loading={busy} onClick={run}>
          Import
        </Button>,
      ]}
      destroyOnHidden
    >
      <Upload
        accept=".csv,.xls,.xlsx,.ods,.txt"
        maxCount={1}
        beforeUpload={(chosen) => {
          const extension = chosen.name.toLowerCase().split('.').pop() ?? '';
          if (!ACCEPTED.includes(extension)) {
            void message.error(invalidFileMessage);
            return Upload.LIST_IGNORE;
          }
          setFile(chosen);
          setResult(null);
          return false;
        }}
        onRemove={() => setFile(null)}
      >
        <Button>Choose file</Button>
      </Upload>
      {result && (
        <Alert
          style={{ marginTop: 16 }}
          type={result.ok ? 'success' : 'error'}
          message={result.title}
          description={
            result.ok ? (
              result.lines[0]
            ) : result.lines.length ? (
              <ul data-testid="import-errors">
                {result.lines.map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            ) : undefined
          }
        />
      )}
    </Modal>
  );
}
