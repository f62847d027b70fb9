// Email exports (/reports/emailexports, spec 3 §3 and §5): users' addresses by group, country, state, assignment, type,
// creation date and admin role, optionally with temporary sign-in links per config (return URL, issue date, days valid,
// persistent). Without a group the export warns it could be slow, then still runs.
import { useState } from 'react';
import { App, Button, Card, Checkbox, DatePicker, Form, InputNumber, Select, Space, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  EMAIL_EXPORT_ADMIN_ROLES,
  AssignedUsersFilter,
  UserTypeFilter,
  REPORT_GROUP_TYPES,
  REPORT_MESSAGES,
  SIGN_IN_LINK_DEFAULTS,
  UserRole,
  roleLabel,
} from '@registry/contracts';
import { reportEndpoints } from '@registry/contracts/endpoints/reports';
import { dayjs } from '../../lib/dayjs';
import { DateRangePicker } from '../../components/DateRangePicker';
import { ExportButton } from '../../components/ExportButton';
import { MaxLengthInput } from '../../components/MaxLengthInput';
import { labToday, useLabTimeZone, showReportDate } from '../../components/labTime';
import { PageTitle } from '../../components/PageTitle';
import { UrlTable, useUrlState } from '../../components/UrlTable';
import { ReportGroupField } from './ReportGroupField';
import { fetchEmailPreview, reportKeys, type EmailPreviewRow } from './reports.api';
import { emailExportsSearch } from './reports.search';

const URL_DATE = 'MM/DD/YYYY';
type LinkConfig = { signInLinkReturnUrl: string; issueDate?: string; daysValid: number; isPersistent: boolean };
const newConfig = (): LinkConfig => ({ ...SIGN_IN_LINK_DEFAULTS });
type UserTypeFilterValue = (typeof UserTypeFilter)[keyof typeof UserTypeFilter];
type AssignedUsersFilterValue = (typeof AssignedUsersFilter)[keyof typeof AssignedUsersFilter];
const USER_TYPES = [
  { label: 'Admins', value: UserTypeFilter.Admin },
  { label: 'Pet owners', value: UserTypeFilter.PetOwner },
  { label: 'Residents', value: UserTypeFilter.Resident },
];

export function EmailExportsPage() {
  const { modal } = App.useApp();
  const timeZone = useLabTimeZone();
  const [params, setParams] = useUrlState(emailExportsSearch);
  const [includeLinks, setIncludeLinks] = useState(false);
  const [configs, setConfigs] = useState<LinkConfig[]>([newConfig()]);
  const filter = {
    ...(params.groupId !== undefined ? { groupIdFilter: params.groupId } : {}),
    ...(params.countryId ? { countryIdFilter: params.countryId } : {}),
    ...(params.stateId ? { stateIdFilter: params.stateId } : {}),
    ...(params.assigned ? { assignedUsersFilter: params.assigned } : {}),
    ...(params.userType !== undefined ? { userTypeFilter: params.userType } : {}),
    ...(params.createdFrom ? { userCreatedDateFrom: params.createdFrom } : {}),
    ...(params.createdTo ? { userCreatedDateTo: params.createdTo } : {}),
    ...(params.adminRoles ? { adminRolesFilter: params.adminRoles } : {}),
  };
  const [total, setTotal] = useState<number | null>(null);
  const setConfig = (i: number, patch: Partial<LinkConfig>) =>
    setConfigs((list) => list.map((c, j) => (j === i ? { ...c, ...patch } : c)));
  const confirmNoGroup = () =>
    params.groupId !== undefined
      ? Promise.resolve(true)
      : new Promise<boolean>((resolve) =>
          modal.confirm({
            title: 'No group selected',
            content: REPORT_MESSAGES.emailExportWithoutGroup,
            okText: 'Continue',
            onOk: () => resolve(true),
            onCancel: () => resolve(false),
          }),
        );
  const today = labToday(timeZone);
  return (
    <>
      <PageTitle>Email exports</PageTitle>
      <Card>
        <Space direction="vertical" style={{ width: '100%' }} size="middle">
          <ReportGroupField
            allowedTypes={REPORT_GROUP_TYPES.emailExport}
            groupName={params.groupName}
            onPick={(g) => setParams({ groupId: g.id, groupName: g.name }, { resetPage: true })}
          />
          <Form layout="inline" style={{ rowGap: 8 }}>
            <Form.Item label="User type" htmlFor="email-user-type">
              <Select
                id="email-user-type"
                style={{ width: 150 }}
                allowClear
                placeholder="All users"
                options={USER_TYPES}
                value={params.userType}
                onChange={(v?: UserTypeFilterValue) => setParams({ userType: v }, { resetPage: true })}
              />
            </Form.Item>
            <Form.Item label="Admin roles" htmlFor="email-admin-roles">
              <Select
                id="email-admin-roles"
                mode="multiple"
                allowClear
                style={{ minWidth: 220 }}
                placeholder="All offered roles"
                value={params.adminRoles?.split(',') ?? []}
                options={EMAIL_EXPORT_ADMIN_ROLES.map((name) => ({ value: name, label: roleLabel(UserRole[name]) }))}
                onChange={(v: string[]) => setParams({ adminRoles: v.join(',') || undefined }, { resetPage: true })}
              />
            </Form.Item>
            <Form.Item label="Assigned" htmlFor="email-assigned">
              <Select
                id="email-assigned"
                allowClear
                style={{ width: 170 }}
                placeholder="Any"
                value={params.assigned}
                options={[
                  { value: AssignedUsersFilter.Assigned, label: 'Assigned' },
                  { value: AssignedUsersFilter.Unassigned, label: 'Unassigned' },
                ]}
                onChange={(v?: AssignedUsersFilterValue) => setParams({ assigned: v }, { resetPage: true })}
              />
            </Form.Item>
            <Form.Item label="Country" htmlFor="email-country">
              <MaxLengthInput
                id="email-country"
                style={{ width: 70 }}
                maxLength={2}
                placeholder="US"
                defaultValue={params.countryId}
                onBlur={(e) => setParams({ countryId: e.target.value.trim() || undefined }, { resetPage: true })}
              />
            </Form.Item>
            <Form.Item label="State" htmlFor="email-state">
              <MaxLengthInput
                id="email-state"
                style={{ width: 100 }}
                maxLength={10}
                placeholder="US-TX"
                defaultValue={params.stateId}
                onBlur={(e) => setParams({ stateId: e.target.value.trim() || undefined }, { resetPage: true })}
              />
            </Form.Item>
            <Form.Item label="Created" htmlFor="email-created">
              <DateRangePicker
                id="email-created"
                value={[
                  params.createdFrom ? dayjs(params.createdFrom, URL_DATE) : null,
                  params.createdTo ? dayjs(params.createdTo, URL_DATE) : null,
                ]}
                onChange={(range) =>
                  setParams(
                    { createdFrom: range?.[0]?.format(URL_DATE), createdTo: range?.[1]?.format(URL_DATE) },
                    { resetPage: true },
                  )
                }
              />
            </Form.Item>
          </Form>
          <Checkbox checked={includeLinks} onChange={(e) => setIncludeLinks(e.target.checked)}>
            Include temporary sign-in links
          </Checkbox>
          {includeLinks && (
            <Space direction="vertical" data-testid="sign-in-link-configs">
              {configs.map((config, i) => (
                <Space key={i} wrap align="center">
                  <Typography.Text>Link {i + 1}</Typography.Text>
                  <MaxLengthInput
                    aria-label={`Link ${i + 1} return URL`}
                    style={{ width: 200 }}
                    maxLength={300}
                    value={config.signInLinkReturnUrl}
                    onChange={(signInLinkReturnUrl) => setConfig(i, { signInLinkReturnUrl })}
                  />
                  <DatePicker
                    aria-label={`Link ${i + 1} issue date`}
                    format="M/D/YYYY"
                    placeholder="Today"
                    disabledDate={(d) => d.isBefore(today, 'day')}
                    value={config.issueDate ? dayjs(config.issueDate, URL_DATE) : null}
                    onChange={(d) => setConfig(i, { issueDate: d ? d.format(URL_DATE) : undefined })}
                  />
                  <InputNumber
                    aria-label={`Link ${i + 1} days valid`}
                    min={1}
                    max={365}
                    value={config.daysValid}
                    suffix="days"
                    onChange={(v) => setConfig(i, { daysValid: v ?? 1 })}
                  />
                  <Checkbox
                    checked={config.isPersistent}
                    onChange={(e) => setConfig(i, { isPersistent: e.target.checked })}
                  >
                    Persistent
                  </Checkbox>
                  {configs.length > 1 && (
                    <Button
                      aria-label={`Remove link ${i + 1}`}
                      icon={<DeleteOutlined />}
                      onClick={() => setConfigs((list) => list.filter((_, j) => j !== i))}
                    />
                  )}
                </Space>
              ))}
              {configs.length < 5 && (
                <Button icon={<PlusOutlined />} onClick={() => setConfigs((list) => [...list, newConfig()])}>
                  Add link
                </Button>
              )}
            </Space>
          )}
          <ExportButton
            endpoint={reportEndpoints.emailExport}
            input={{
              query: {
                ...filter,
                ...(includeLinks
                  ? {
                      includeTemporarySignInLinks: true,
                      // Entered in days, sent as hours (spec 1 §7, §9).
                      signInLinkConfigs: JSON.stringify(
                        configs.map((config) => ({ ...config, hoursValid: config.daysValid * 24 })),
                      ),
                    }
                  : {}),
              },
            }}
            totalRows={total}
            beforeExport={confirmNoGroup}
            fallbackName="Email_Export"
          />
          <UrlTable<EmailPreviewRow, typeof emailExportsSearch>
            rowKey="id"
            searchSchema={emailExportsSearch}
            queryKey={(p) =>
              reportKeys.emailPreview({ ...filter, page: p.page, pageSize: p.pageSize, o: p.orderBy, a: p.ascending })
            }
            queryFn={async (p) => {
              const page = await fetchEmailPreview({
                ...filter,
                page: p.page,
                pageSize: p.pageSize,
                orderBy: p.orderBy,
                ascending: p.ascending,
              });
              setTotal(page.totalRecords);
              return page;
            }}
            scroll={{ x: 'max-content' }}
            columns={[
              { title: 'Email', dataIndex: 'email', sorter: true },
              { title: 'First name', dataIndex: 'firstName', sorter: true },
              { title: 'Last name', dataIndex: 'lastName', sorter: true },
              { title: 'User name', dataIndex: 'userName', sorter: true },
              { title: 'User type', dataIndex: 'roleId', sorter: true, render: (v: number) => roleLabel(v) },
              { title: 'Groups', dataIndex: 'groups' },
              { title: 'Created', dataIndex: 'dateCreated', sorter: true, render: (v: string) => showReportDate(v) },
            ]}
          />
        </Space>
      </Card>
    </>
  );
}
