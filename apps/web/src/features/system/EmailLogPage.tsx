import { App, Button, Card, DatePicker, Form, Select, Space, Tag, Typography } from 'antd';
import { DeleteOutlined } from '@ant-design/icons';
import { dayjs } from '../../lib/dayjs';
import { Messages, emailLogQuery, type EmailLogRow } from '@registry/contracts';
import { useErrorDialog } from '../../components/ErrorPresenter';
import { HtmlPreview } from '../../components/HtmlPreview';
import { showDateTime } from '../../components/labTime';
import { PageTitle } from '../../components/PageTitle';
import { UpdateOnEnterInput } from '../../components/UpdateOnEnterInput';
import { UrlTable, useUrlState } from '../../components/UrlTable';
import { fetchEmailLog, systemKeys, useClearEmailLog } from './system.api';
import { EMAIL_LOG_PAGE_SIZES, emailLogSearch } from './system.search';
import { FilterBar } from '../../components/FilterBar';

const URL_DATE = 'MM/DD/YYYY';

function renderEmailBody(row: EmailLogRow) {
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      {row.errorMessage && <Typography.Text type="danger">{row.errorMessage}</Typography.Text>}
      <HtmlPreview title={`Body of ${row.subject}`} html={row.body} />
    </Space>
  );
}

export function EmailLogPage() {
  const { modal, message } = App.useApp();
  const showError = useErrorDialog();
  const [params, setParams] = useUrlState(emailLogSearch);
  const clear = useClearEmailLog();

  const onClear = () =>
    modal.confirm({
      title: 'Delete all email log entries',
      content: 'This permanently deletes every entry of the email log. Continue?',
      okText: 'Delete all',
      okButtonProps: { danger: true },
      onOk: () =>
        clear.mutateAsync().then(
          () => void message.success(Messages.logCleared),
          (e) => showError(e),
        ),
    });

  return (
    <>
      <PageTitle
        extra={
          <Button danger icon={<DeleteOutlined />} onClick={onClear} loading={clear.isPending}>
            Delete all
          </Button>
        }
      >
        Email log
      </PageTitle>
      <Card>
        <FilterBar style={{ marginBottom: 16, rowGap: 8 }}>
          <Form.Item label="Subject" htmlFor="email-subject">
            <UpdateOnEnterInput
              id="email-subject"
              allowClear
              schema={emailLogQuery}
              field="subjectFilter"
              value={params.subjectFilter ?? ''}
              onCommit={(v) => setParams({ subjectFilter: v }, { resetPage: true })}
            />
          </Form.Item>
          <Form.Item label="Recipients" htmlFor="email-recipients">
            <UpdateOnEnterInput
              id="email-recipients"
              allowClear
              schema={emailLogQuery}
              field="recipientsFilter"
              value={params.recipientsFilter ?? ''}
              onCommit={(v) => setParams({ recipientsFilter: v }, { resetPage: true })}
            />
          </Form.Item>
          <Form.Item label="Date" htmlFor="email-date">
            <DatePicker
              id="email-date"
              format={['M/D/YYYY', 'M/D/YY']}
              value={params.dateFilter ? dayjs(params.dateFilter, URL_DATE) : null}
              onChange={(d) => setParams({ dateFilter: d ? d.format(URL_DATE) : undefined }, { resetPage: true })}
            />
          </Form.Item>
          <Form.Item label="Was successful" htmlFor="email-success">
            <Select
              id="email-success"
              style={{ width: 120 }}
              value={params.wasSuccessfulFilter === undefined ? 'any' : String(params.wasSuccessfulFilter)}
              onChange={(v) =>
                setParams({ wasSuccessfulFilter: v === 'any' ? undefined : v === 'true' }, { resetPage: true })
              }
              options={[
                { value: 'any', label: 'Any' },
                { value: 'true', label: 'Yes' },
                { value: 'false', label: 'No' },
              ]}
            />
          </Form.Item>
        </FilterBar>
        <UrlTable<EmailLogRow, typeof emailLogSearch>
          empty={{ text: 'No emails match. Clear the filters, or pick another date.' }}
          rowKey="id"
          searchSchema={emailLogSearch}
          queryKey={systemKeys.emailLog}
          queryFn={fetchEmailLog}
          pageSizeOptions={EMAIL_LOG_PAGE_SIZES}
          expandable={{ expandedRowRender: renderEmailBody }}
          columns={[
            {
              title: 'Date sent',
              dataIndex: 'dateSent',
              width: 190,
              render: (d: string) => showDateTime(d),
            },
            { title: 'Subject', dataIndex: 'subject' },
            { title: 'Recipients', dataIndex: 'recipients', ellipsis: true },
            {
              title: 'Result',
              dataIndex: 'wasSuccessful',
              width: 110,
              render: (ok: boolean) => (ok ? <Tag color="green">Sent</Tag> : <Tag color="red">Failed</Tag>),
            },
          ]}
        />
      </Card>
    </>
  );
}
