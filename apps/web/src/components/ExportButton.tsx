// The one export control every report uses: CSV or XLSX, a confirmation over 1,000 rows (spec 3 §5), then the file is
// fetched with the bearer token and read as a stream so a progress bar shows how far the download has come.
import { useState } from 'react';
import { App, Button, Progress, Space, Typography } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import type { AnyEndpoint, EndpointInput } from '@registry/contracts/endpoint';
import { ApiError } from '../lib/api';
import { endpointUrl } from '../lib/client';
import { getToken } from '../lib/tokenStorage';
import { useErrorDialog } from './ErrorPresenter';

const LARGE_EXPORT_ROWS = 1000;
const largeExportMessage = (n: number) => `This export has ${n.toLocaleString('en-US')} rows. Do you want to continue?`;
const EXPORT_FAILED = 'Unable to fetch data to export report';

type Format = 'csv' | 'xlsx';
export type ExportProgress = {
  received: number;
  rows: number | null;
  totalRows: number | null;
  percent: number | null;
};

/** The file name the server gave in Content-Disposition, else the fallback. */
function fileNameOf(disposition: string | null, fallback: string): string {
  const match = disposition ? /filename="?([^";]+)"?/i.exec(disposition) : null;
  return match?.[1] ?? fallback;
}

/**
 * Downloads an export, reporting progress: for CSV the rows received against the X-Export-Rows total, for XLSX (a
 * compressed file whose size is not known ahead) the bytes received.
 */
async function downloadExport(
  url: string,
  format: Format,
  fallbackName: string,
  onProgress: (progress: ExportProgress) => void,
  /** Asked once the server has said how many rows the export holds (X-Export-Rows); false stops the download. */
  confirmRows?: (totalRows: number) => Promise<boolean>,
): Promise<string | null> {
  const token = getToken();
  const response = await fetch(url, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  if (!response.ok) {
    const text = await response.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // plain text stays as it is
    }
    throw new ApiError(response.status, body, EXPORT_FAILED);
  }
  const totalHeader = response.headers.get('x-export-rows');
  const totalRows = totalHeader === null ? null : Number(totalHeader);
  if (totalRows !== null && confirmRows && !(await confirmRows(totalRows))) {
    await response.body?.cancel();
    return null;
  }
  const chunks: Uint8Array[] = [];
  let received = 0;
  let newlines = 0;
  const reader = response.body?.getReader();
  if (reader) {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      received += value.length;
      if (format === 'csv') for (const byte of value) if (byte === 10) newlines++;
      const rows = format === 'csv' ? Math.max(newlines - 1, 0) : null;
      const percent =
        rows !== null && totalRows ? Math.min(99, Math.floor((rows / totalRows) * 100)) : totalRows === 0 ? 99 : null;
      onProgress({ received, rows, totalRows, percent });
    }
  } else chunks.push(new Uint8Array(await response.arrayBuffer()));
  const fileName = fileNameOf(response.headers.get('content-disposition'), `${fallbackName}.${format}`);
  const blob = new Blob(chunks as BlobPart[], { type: response.headers.get('content-type') ?? undefined });
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), 1000);
  onProgress({ received, rows: format === 'csv' ? Math.max(newlines - 1, 0) : null, totalRows, percent: 100 });
  return fileName;
}

/** An export endpoint's input: its path parameters and its query (the button adds the format). */
export type ExportInput<E extends AnyEndpoint> = Pick<EndpointInput<E>, 'params' | 'query'>;

export interface ExportButtonProps<E extends AnyEndpoint> {
  endpoint: E;
  /** The export's input without its format, typed by the endpoint's own schemas; null while it cannot run (disabled). */
  input: ExportInput<E> | null;
  /** Rows the export will hold when the screen knows (its table's total): over 1,000 asks confirmation. */
  totalRows?: number | null;
  /** Asked before anything else (e.g. the email export without a group); resolve false to stop. */
  beforeExport?: () => Promise<boolean>;
  fallbackName: string;
  disabled?: boolean;
  label?: string;
  /**
   * The formats offered, CSV and XLSX by default. A CSV-only download (an endpoint that answers CSV and takes no
   * format) passes ['csv']: the button sends no format.
   */
  formats?: readonly Format[];
}

const formatLabel = (bytes: number) =>
  bytes > 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.ceil(bytes / 1024)} KB`;

export function ExportButton<E extends AnyEndpoint>({
  endpoint,
  input,
  totalRows,
  beforeExport,
  fallbackName,
  disabled,
  label = 'Export',
  formats = ['csv', 'xlsx'],
}: ExportButtonProps<E>) {
  const { modal } = App.useApp();
  const showError = useErrorDialog();
  const [progress, setProgress] = useState<ExportProgress | null>(null);
  const [done, setDone] = useState<string | null>(null);

  const confirmLarge = (n: number) =>
    new Promise<boolean>((resolve) =>
      modal.confirm({
        title: 'Large export',
        content: largeExportMessage(n),
        okText: 'Export',
        onOk: () => resolve(true),
        onCancel: () => resolve(false),
      }),
    );

  const run = async (format: Format) => {
    if (input === null) return;
    if (beforeExport && !(await beforeExport())) return;
    if (totalRows != null && totalRows > LARGE_EXPORT_ROWS && !(await confirmLarge(totalRows))) return;
    // A screen that does not know the count ahead: the server's row count asks the same question before the file.
    const confirmRows =
      totalRows == null
        ? (rows: number) => (rows > LARGE_EXPORT_ROWS ? confirmLarge(rows) : Promise.resolve(true))
        : undefined;
    const { params, query } = input as { params?: object; query?: Record<string, unknown> };
    const withFormat = formats.length > 1 ? { ...query, format } : query;
    const url = endpointUrl(endpoint, { params, query: withFormat } as Pick<EndpointInput<E>, 'params' | 'query'>);
    setDone(null);
    setProgress({ received: 0, rows: 0, totalRows: null, percent: 0 });
    try {
      const saved = await downloadExport(url, format, fallbackName, setProgress, confirmRows);
      if (saved === null) setProgress(null);
      else setDone(saved);
    } catch (error) {
      setProgress(null);
      showError(error, EXPORT_FAILED);
    }
  };

  const busy = progress !== null && progress.percent !== 100;
  return (
    <Space direction="vertical" size={4}>
      <Space wrap>
        {formats.includes('csv') && (
          <Button
            icon={<DownloadOutlined />}
            disabled={disabled || input === null || busy}
            loading={busy}
            onClick={() => void run('csv')}
          >
            {label} CSV
          </Button>
        )}
        {formats.includes('xlsx') && (
          <Button
            icon={<DownloadOutlined />}
            disabled={disabled || input === null || busy}
            onClick={() => void run('xlsx')}
          >
            {label} XLSX
          </Button>
        )}
      </Space>
      {progress && (
        <div aria-live="polite" data-testid="export-progress" style={{ minWidth: 220 }}>
          <Progress
            percent={progress.percent ?? undefined}
            status={progress.percent === 100 ? 'success' : 'active'}
            showInfo={progress.percent !== null}
            size="small"
          />
          <Typography.Text type="secondary">
            {progress.rows !== null && progress.totalRows !== null
              ? `${progress.rows.toLocaleString('en-US')} of ${progress.totalRows.toLocaleString('en-US')} rows`
              : `${formatLabel(progress.received)} received`}
            {done ? ` — saved ${done}` : ''}
          </Typography.Text>
        </div>
      )}
    </Space>
  );
}
