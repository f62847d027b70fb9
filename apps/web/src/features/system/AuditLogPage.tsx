import { useMemo, useState } from 'react';
import { Alert, Button, Card, Space, Typography } from 'antd';
import { SafetyCertificateOutlined } from '@ant-design/icons';
import { auditActionWords, wordsOf, type AuditLogRow } from '@registry/contracts';
import { ErrorPresenter } from '../../components/ErrorPresenter';
import { labToday, showDateTime, useLabTime } from '../../components/labTime';
import { PageTitle } from '../../components/PageTitle';
import { UrlTable } from '../../components/UrlTable';
import { URL_DATE, UrlDateRangeFilter, UrlSearchFilter } from '../../components/urlFilters';
import { fetchAuditLog, systemKeys, verifyAuditLog, type AuditLogParams, type AuditVerifyResult } from './system.api';
import { AUDIT_LOG_PAGE_SIZE, auditLogSearch, defaultAuditStart } from './system.search';
import { FilterBar } from '../../components/FilterBar';

function Json({ value }: { value: unknown }) {
  if (value == null) return <Typography.Text type="secondary">—</Typography.Text>;
  return (
    <pre style={{ margin: 0, fontSize: 12, whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
      {JSON.stringify(value, null, 2)}
    </pre>
  );
}

function renderChange(row: AuditLogRow) {
  return (
    <Space align="start" style={{ width: '100%' }} wrap>
      <div style={{ minWidth: 320 }}>
        <Typography.Text strong>Before</Typography.Text>
        <Json value={row.before} />
      </div>
      <div style={{ minWidth: 320 }}>
        <Typography.Text strong>After</Typography.Text>
        <Json value={row.after} />
      </div>
    </Space>
  );
}

export function AuditLogPage() {
  const labTime = useLabTime();
  const { timeZone } = labTime;
  const defaultStart = useMemo(() => defaultAuditStart(labToday(timeZone)).format(URL_DATE), [timeZone]);
  const withDefaults = (p: AuditLogParams): AuditLogParams => ({ ...p, startDate: p.startDate ?? defaultStart });
  const [verify, setVerify] = useState<{ result?: AuditVerifyResult; error?: unknown; busy: boolean }>({ busy: false });

  const runVerify = async () => {
    setVerify({ busy: true });
    try {
      setVerify({ busy: false, result: await verifyAuditLog() });
    } catch (error) {
      setVerify({ busy: false, error });
    }
  };

  return (
    <>
      <PageTitle
        extra={
          <Button icon={<SafetyCertificateOutlined />} onClick={() => void runVerify()} loading={verify.busy}>
            Verify chain
          </Button>
        }
      >
        Audit log
      </PageTitle>
      <ErrorPresenter error={verify.error} />
      {verify.result && (
        <Alert
          style={{ marginBottom: 16 }}
          showIcon
          closable={{ onClose: () => setVerify({ busy: false }) }}
          type={verify.result.ok ? 'success' : 'error'}
          title={verify.result.ok ? 'The audit chain is intact.' : 'The audit chain is broken.'}
          description={`${verify.result.checked} entries checked.${verify.result.firstBrokenId != null ? ` First broken entry: #${verify.result.firstBrokenId}.` : ''}`}
        />
      )}
      <Card>
        <FilterBar style={{ marginBottom: 16, rowGap: 8 }}>
          <UrlDateRangeFilter label="Dates" id="audit-dates" from="startDate" to="endDate" defaultFrom={defaultStart} />
          <UrlSearchFilter label="Entity type" id="audit-entity" name="entityType" maxLength={64} />
          <UrlSearchFilter label="Action" id="audit-action" name="actionType" maxLength={64} />
          <UrlSearchFilter label="Created by" id="audit-createdby" name="createdBy" maxLength={256} />
        </FilterBar>
        <UrlTable<AuditLogRow, typeof auditLogSearch>
          rowKey="id"
          size="small"
          empty={{
            text: 'No audit entries match. Widen the dates (the log opens on the last month) or clear the filters.',
          }}
          searchSchema={auditLogSearch}
          queryKey={(p) => systemKeys.auditLog(withDefaults(p))}
          queryFn={(p) => fetchAuditLog(withDefaults(p))}
          pageSizeOptions={[AUDIT_LOG_PAGE_SIZE, 200]}
          errorDisplay="dialog"
          expandable={{ expandedRowRender: renderChange }}
          columns={[
            { title: '#', dataIndex: 'id', width: 80 },
            {
              title: 'Date',
              dataIndex: 'dateCreated',
              width: 180,
              render: (d: string) => showDateTime(d),
            },
            { title: 'Created by', dataIndex: 'createdBy', render: (v: string | null) => v ?? 'system' },
            // Words on screen; the stored code (what the filters above match) shows on hover.
            {
              title: 'Entity',
              dataIndex: 'entityType',
              render: (v: string) => <span title={v}>{wordsOf(v)}</span>,
            },
            { title: 'Entity id', dataIndex: 'entityId', render: (v: string | null) => v ?? '—' },
            {
              title: 'Action',
              dataIndex: 'actionType',
              render: (v: string) => <span title={v}>{auditActionWords(v)}</span>,
            },
          ]}
        />
      </Card>
    </>
  );
}
