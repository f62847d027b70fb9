// Rent-roll sync (/group/{id}/rentroll, issue 42): the property's column mapping, the upload of its rent roll (CSV or
// XLSX) with progress, and the proposal: residents to invite, to move out and to update, each chosen or left out by
// staff, plus the rows the sync could not read. Nothing changes until staff apply their choice.
import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useParams } from '@tanstack/react-router';
import { Alert, App, Button, Card, Col, Form, Progress, Row, Space, Table, Typography, Upload } from 'antd';
import { RENT_ROLL_FIELDS, type RentRollMapping } from '@registry/contracts';
import { ErrorPresenter } from '../../components/ErrorPresenter';
import { GroupFrame } from '../../components/GroupFrame';
import { MaxLengthInput } from '../../components/MaxLengthInput';
import {
  rentRollMappingQuery,
  uploadRentRoll,
  useApplyRentRoll,
  useSaveMapping,
  type RentRollProposal,
} from './rentroll.api';

type Person = RentRollProposal['additions'][number]['person'];
const nameOf = (p: Person) => `${p.firstName} ${p.lastName}`;
const personColumns = [
  { title: 'Name', key: 'name', render: (_: unknown, row: { person: Person }) => nameOf(row.person) },
  { title: 'Unit', key: 'unit', render: (_: unknown, row: { person: Person }) => row.person.unit ?? '' },
  { title: 'Email', key: 'email', render: (_: unknown, row: { person: Person }) => row.person.email ?? '' },
];

function MappingCard({ groupId }: { groupId: number }) {
  const { message } = App.useApp();
  const mapping = useQuery(rentRollMappingQuery(groupId));
  const save = useSaveMapping(groupId);
  const [form] = Form.useForm<Record<string, string>>();
  useEffect(() => {
    if (mapping.data?.mapping) form.setFieldsValue(mapping.data.mapping as Record<string, string>);
  }, [mapping.data, form]);
  return (
    <Card title="Column mapping" size="small">
      <Typography.Paragraph type="secondary">
        The column headers of your property-management software&apos;s rent roll export, as they appear in the file.
      </Typography.Paragraph>
      <ErrorPresenter error={mapping.error ?? save.error} />
      <Form
        form={form}
        layout="vertical"
        onFinish={(values) => {
          const body = Object.fromEntries(
            RENT_ROLL_FIELDS.map((f) => [f.field, values[f.field]?.trim() ? values[f.field]!.trim() : null]),
          ) as RentRollMapping;
          save.mutate(body, { onSuccess: () => void message.success('Column mapping saved.') });
        }}
      >
        <Row gutter={12}>
          {RENT_ROLL_FIELDS.map((f) => (
            <Col key={f.field} xs={24} sm={12} lg={6}>
              <Form.Item
                name={f.field}
                label={`${f.label} column`}
                rules={f.isRequired ? [{ required: true, whitespace: true, message: `${f.label} is required.` }] : []}
              >
                <MaxLengthInput maxLength={100} placeholder={f.isRequired ? undefined : 'Not in the file'} />
              </Form.Item>
            </Col>
          ))}
        </Row>
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          Save mapping
        </Button>
      </Form>
    </Card>
  );
}

function ProposalView({
  groupId,
  proposal,
  onDone,
}: {
  groupId: number;
  proposal: RentRollProposal;
  onDone: () => void;
}) {
  const { modal } = App.useApp();
  const apply = useApplyRentRoll(groupId);
  const [additions, setAdditions] = useState<number[]>(() =>
    proposal.additions.filter((a) => a.invite).map((a) => a.rowNumber),
  );
  const [moveOuts, setMoveOuts] = useState<number[]>(() => proposal.leavers.map((l) => l.residentId));
  const [changes, setChanges] = useState<number[]>(() => proposal.changes.map((c) => c.residentId));
  const [result, setResult] = useState<string | null>(null);
  const chosen = additions.length + moveOuts.length + changes.length;
  const confirm = () =>
    modal.confirm({
      title: 'Apply the rent roll?',
      content: `${additions.length} invitation(s), ${moveOuts.length} move-out(s) and ${changes.length} update(s). Move-outs end the residents' registration at this property.`,
      okText: 'Apply',
      onOk: () =>
        apply.mutateAsync(
          { id: proposal.id, choice: { additions, moveOuts, changes } },
          { onSuccess: (answer) => setResult(answer.message) },
        ),
    });
  if (result)
    return (
      <Alert
        type="success"
        showIcon
        message={result}
        action={<Button onClick={onDone}>Import another roll</Button>}
        data-testid="rentroll-result"
      />
    );
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Alert
        type="info"
        showIcon
        message={`${proposal.fileName}: ${proposal.rowCount} row(s) read`}
        description={`${proposal.additions.length} new, ${proposal.leavers.length} no longer on the roll, ${proposal.changes.length} with changed contact data, ${proposal.unchanged} unchanged, ${proposal.alreadyInvited} invited earlier and not yet pre-registered, ${proposal.problems.length} row(s) with problems. Nothing has changed yet: choose what to apply.`}
      />
      <ErrorPresenter error={apply.error} />
      <Card title={`New residents: invite to pre-register (${proposal.additions.length})`} size="small">
        <Table
          size="small"
          rowKey="rowNumber"
          pagination={false}
          scroll={{ x: true }}
          dataSource={proposal.additions}
          locale={{ emptyText: 'Everyone on the roll is a resident already.' }}
          rowSelection={{
            selectedRowKeys: additions,
            onChange: (keys) => setAdditions(keys as number[]),
            getCheckboxProps: (row) => ({ disabled: !row.invite, 'aria-label': `Invite ${nameOf(row.person)}` }),
          }}
          columns={[
            { title: 'Row', dataIndex: 'rowNumber' },
            ...personColumns,
            {
              title: 'Invitation',
              key: 'invite',
              render: (_, row) => (row.invite ? 'By email' : 'No email on the roll'),
            },
          ]}
        />
      </Card>
      <Card title={`No longer on the roll: move out (${proposal.leavers.length})`} size="small">
        <Table
          size="small"
          rowKey="residentId"
          pagination={false}
          scroll={{ x: true }}
          dataSource={proposal.leavers}
          locale={{ emptyText: 'Every resident is still on the roll.' }}
          rowSelection={{
            selectedRowKeys: moveOuts,
            onChange: (keys) => setMoveOuts(keys as number[]),
            getCheckboxProps: (row) => ({ 'aria-label': `Move out ${nameOf(row.person)}` }),
          }}
          columns={[
            ...personColumns,
            {
              title: 'Why',
              key: 'why',
              render: (_, row) => (row.moveOutDate ? `Moves out ${row.moveOutDate}` : 'Not on the roll'),
            },
          ]}
        />
      </Card>
      <Card title={`Changed contact data: update (${proposal.changes.length})`} size="small">
        <Table
          size="small"
          rowKey="residentId"
          pagination={false}
          scroll={{ x: true }}
          dataSource={proposal.changes}
          locale={{ emptyText: 'No contact data changed.' }}
          rowSelection={{
            selectedRowKeys: changes,
            onChange: (keys) => setChanges(keys as number[]),
            getCheckboxProps: (row) => ({ 'aria-label': `Update ${nameOf(row.person)}` }),
          }}
          columns={[
            { title: 'Name', key: 'name', render: (_, row) => nameOf(row.person) },
            {
              title: 'Changes',
              key: 'changes',
              render: (_, row) =>
                row.changes.map((c) => (
                  <div key={c.field}>
                    {c.label}: {c.from ?? '(none)'} → {c.to ?? '(none)'}
                  </div>
                )),
            },
          ]}
        />
      </Card>
      {proposal.problems.length > 0 && (
        <Card title={`Rows not read (${proposal.problems.length})`} size="small">
          <Table
            size="small"
            rowKey={(row) => `${row.rowNumber}-${row.problemDesc}`}
            pagination={false}
            scroll={{ x: true }}
            dataSource={proposal.problems}
            columns={[
              { title: 'Row', dataIndex: 'rowNumber' },
              { title: 'Problem', dataIndex: 'problemDesc' },
              { title: 'Details', dataIndex: 'problemDetails' },
            ]}
          />
        </Card>
      )}
      <Space wrap>
        <Button type="primary" disabled={chosen === 0} loading={apply.isPending} onClick={confirm}>
          Apply {chosen} change(s)
        </Button>
        <Button onClick={onDone}>Discard</Button>
      </Space>
    </Space>
  );
}

function RentRoll({ groupId }: { groupId: number }) {
  const mapping = useQuery(rentRollMappingQuery(groupId));
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [proposal, setProposal] = useState<RentRollProposal | null>(null);
  const hasMapping = Boolean(mapping.data?.mapping);
  const send = (file: File) => {
    setError(null);
    setProposal(null);
    setProgress(0);
    uploadRentRoll(groupId, file, setProgress)
      .then(setProposal)
      .catch(setError)
      .finally(() => setProgress(null));
    return false;
  };
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <MappingCard groupId={groupId} />
      <Card title="Import a rent roll" size="small">
        {hasMapping ? (
          <Space direction="vertical" style={{ width: '100%' }}>
            <Upload accept=".csv,.xlsx,.xls,.ods" showUploadList={false} beforeUpload={send} maxCount={1}>
              <Button disabled={progress !== null}>Choose rent roll file</Button>
            </Upload>
            {progress !== null && <Progress percent={progress} aria-label="Upload progress" />}
            <ErrorPresenter error={error} />
          </Space>
        ) : (
          <Typography.Text type="secondary">
            Save the column mapping above, then choose the rent roll file.
          </Typography.Text>
        )}
      </Card>
      {proposal && (
        <ProposalView key={proposal.id} groupId={groupId} proposal={proposal} onDone={() => setProposal(null)} />
      )}
    </Space>
  );
}

/** A property's rent-roll sync. */
export function RentRollPage() {
  const { id } = useParams({ strict: false }) as { id: string };
  const groupId = Number(id);
  return (
    <GroupFrame groupId={groupId} page="rentroll">
      {() => <RentRoll groupId={groupId} />}
    </GroupFrame>
  );
}
