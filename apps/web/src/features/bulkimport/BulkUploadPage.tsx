// Bulk resident import (/tools/bulkupload, spec 3 §2, §5, §8): the server's column list with required flags, the
// template, a file of xls/xlsx/ods/csv/txt read in the browser, a preview, then the import in batches with a progress
// bar; the outcome ('Import done', 'Partial Upload', 'Upload Failed') and the failed rows grouped by problem, which
// download as WPRResidentImportErrors.xls.
import { useMemo, useState } from 'react';
import { Alert, App, Button, Card, Collapse, Progress, Space, Tag, Typography, Upload } from 'antd';
import { DataTable } from '../../components/DataTable';
import { useQuery } from '@tanstack/react-query';
import { BULK_IMPORT_MESSAGES, type ImportResidentResult } from '@registry/contracts';
import { ErrorList } from '../../components/ErrorPresenter';
import { PageTitle } from '../../components/PageTitle';
import { columnInfoQuery, importBatch } from './bulkimport.api';
import {
  ImportFileError,
  downloadErrors,
  downloadTemplate,
  groupProblems,
  matchColumns,
  readTable,
  summarise,
  type ImportRecord,
} from './importFile';

/** Rows per request: small enough that the progress bar moves on a file of a few hundred rows. */
const BATCH = 100;

export function BulkUploadPage() {
  const { modal } = App.useApp();
  const columns = useQuery(columnInfoQuery());
  const [fileName, setFileName] = useState<string | null>(null);
  const [records, setRecords] = useState<ImportRecord[] | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [results, setResults] = useState<ImportResidentResult[] | null>(null);
  const [importError, setImportError] = useState<unknown>(null);

  const columnList = columns.data ?? [];
  const groups = useMemo(() => (results && records ? groupProblems(results, records) : []), [results, records]);
  const outcome = results ? summarise(results) : null;
  const running = progress !== null && results === null;

  const reset = () => {
    setRecords(null);
    setResults(null);
    setProgress(null);
    setImportError(null);
  };

  const onFile = async (file: File) => {
    reset();
    setFileName(file.name);
    try {
      const matched = matchColumns(await readTable(file), columnList);
      if (matched.unexpected.length) {
        const go = await modal.confirm({
          title: 'Unexpected columns',
          content: BULK_IMPORT_MESSAGES.unexpectedColumns(matched.unexpected),
          okText: 'Continue',
        });
        if (!go) {
          setFileName(null);
          return;
        }
      }
      setRecords(matched.records);
    } catch (error) {
      setFileName(null);
      if (error instanceof ImportFileError) modal.error({ title: error.title, content: error.details });
      else modal.error({ title: BULK_IMPORT_MESSAGES.invalidFileType, content: String(error) });
    }
  };

  const onImport = async () => {
    if (!records?.length) {
      modal.error({ title: BULK_IMPORT_MESSAGES.noItems });
      return;
    }
    setImportError(null);
    setProgress(0);
    const answers: ImportResidentResult[] = [];
    for (let i = 0; i < records.length; i += BATCH) {
      try {
        answers.push(...(await importBatch(records.slice(i, i + BATCH))));
      } catch (error) {
        // Rows already answered stay imported (each in its own transaction); the rest can be sent again safely.
        setImportError(error);
        setProgress(null);
        if (answers.length) setResults(answers);
        return;
      }
      setProgress(Math.round((Math.min(i + BATCH, records.length) / records.length) * 100));
    }
    setResults(answers);
  };

  return (
    <>
      <PageTitle>Bulk resident import</PageTitle>
      <Space direction="vertical" size="middle" style={{ width: '100%' }}>
        {columns.error ? (
          <Alert type="error" showIcon role="alert" title={BULK_IMPORT_MESSAGES.initError} />
        ) : (
          <Card title="Columns" loading={columns.isLoading}>
            <Space wrap aria-label="Import columns">
              {columnList.map((c) => (
                <Tag key={c.name} color={c.isRequired ? 'blue' : undefined}>
                  {c.name}
                  {c.isRequired ? ' (required)' : ''}
                </Tag>
              ))}
            </Space>
            <div style={{ marginTop: 12 }}>
              <Button onClick={() => void downloadTemplate(columnList)} disabled={!columnList.length}>
                Download template
              </Button>
            </div>
          </Card>
        )}
        <Card title="File">
          <Space wrap>
            <Upload
              accept=".xls,.xlsx,.ods,.csv,.txt"
              maxCount={1}
              showUploadList={false}
              disabled={!columnList.length || running}
              beforeUpload={(file) => {
                void onFile(file);
                return false;
              }}
            >
              <Button disabled={!columnList.length || running}>Choose file</Button>
            </Upload>
            <Typography.Text data-testid="bulk-file-name">{fileName ?? 'No file chosen'}</Typography.Text>
            <Button type="primary" onClick={() => void onImport()} disabled={!records || running || results !== null}>
              Import {records ? `${records.length} row(s)` : ''}
            </Button>
          </Space>
          {progress !== null && (
            <Progress percent={progress} status={running ? 'active' : undefined} aria-label="Import progress" />
          )}
          {importError !== null && (
            <Alert
              type="error"
              showIcon
              role="alert"
              style={{ marginTop: 12 }}
              title={BULK_IMPORT_MESSAGES.importError}
              description={<ErrorList error={importError} />}
            />
          )}
        </Card>
        {outcome && (
          <Alert type={outcome.type} showIcon role="status" title={outcome.title} description={outcome.details} />
        )}
        {groups.length > 0 && (
          <Card
            title="Rows not imported"
            extra={<Button onClick={() => void downloadErrors(groups, columnList)}>Download errors</Button>}
          >
            <Collapse
              defaultActiveKey={groups.map((g) => g.problemDesc)}
              items={groups.map((g) => ({
                key: g.problemDesc,
                label: `${g.problemDesc} (${g.rows.length})`,
                children: (
                  <DataTable
                    size="small"
                    rowKey={(r) => r.result.rowNumber}
                    pagination={false}
                    dataSource={g.rows}
                    columns={[
                      { title: 'Row', render: (_, r) => r.result.rowNumber },
                      { title: 'Details', render: (_, r) => r.result.problemDetails },
                      {
                        title: 'Name',
                        render: (_, r) => [r.record?.FirstName, r.record?.LastName].filter(Boolean).join(' '),
                      },
                      { title: 'Property', render: (_, r) => r.record?.PropertyName },
                    ]}
                  />
                ),
              }))}
            />
          </Card>
        )}
        {records && results === null && (
          <Card title={`Preview (${records.length} row(s))`}>
            <DataTable<ImportRecord>
              size="small"
              rowKey="rowNumber"
              dataSource={records}
              scroll={{ x: 'max-content' }}
              pagination={{}}
              columns={[
                { title: 'Row', dataIndex: 'rowNumber' },
                ...columnList.map((c) => ({ title: c.name, dataIndex: c.name })),
              ]}
            />
          </Card>
        )}
      </Space>
    </>
  );
}
