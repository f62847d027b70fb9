// Resident registrations (/reports/resident-registrations-request, spec 3 §3 and §7): the residents of one property
// who registered in a date range, by kind (pre-registered, dog owners, other pet owners), paged and exported.
import { useMemo } from 'react';
import { Card, Checkbox, Form, Space } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { PetSpecies, REPORT_GROUP_TYPES, RegistrationStatus } from '@registry/contracts';
import { reportEndpoints } from '@registry/contracts/endpoints/reports';
import { dayjs } from '../../lib/dayjs';
import { DateRangePicker } from '../../components/DateRangePicker';
import { ExportButton } from '../../components/ExportButton';
import { PageTitle } from '../../components/PageTitle';
import { UrlTable, useUrlState } from '../../components/UrlTable';
import { ReportGroupField } from './ReportGroupField';
import { fetchRegistrations, reportKeys, type RegistrationRow } from './reports.api';
import { residentRegistrationsSearch } from './reports.search';
import { reportDate } from './TdAuditReportPage';

const URL_DATE = 'MM/DD/YYYY';
const KINDS = [
  ['preRegisteredResidents', 'Pre-registered residents'],
  ['dogOwners', 'Dog owners'],
  ['otherPetOwners', 'Other pet owners'],
] as const;
const species = (flags: number) =>
  Object.entries(PetSpecies)
    .filter(([name, bit]) => name !== 'None' && (flags & bit) !== 0)
    .map(([name]) => name)
    .join(', ');

export function ResidentRegistrationsPage() {
  const [params, setParams] = useUrlState(residentRegistrationsSearch);
  const groupId = params.groupId;
  const filter = useMemo(
    () => ({
      ...(params.startDate ? { startDate: params.startDate } : {}),
      ...(params.endDate ? { endDate: params.endDate } : {}),
      ...Object.fromEntries(KINDS.filter(([k]) => params[k]).map(([k]) => [k, true])),
    }),
    [params],
  );
  const total = useQuery({
    queryKey: reportKeys.registrations(groupId ?? 0, { ...filter, count: true }),
    queryFn: () => fetchRegistrations(groupId!, { ...filter, page: 1, pageSize: 1 }),
    enabled: groupId !== undefined,
  });
  return (
    <>
      <PageTitle>Resident registrations</PageTitle>
      <Card>
        <Space direction="vertical" style={{ width: '100%' }} size="middle">
          <ReportGroupField
            allowedTypes={REPORT_GROUP_TYPES.residentRegistrations}
            groupName={params.groupName}
            onPick={(g) => setParams({ groupId: g.id, groupName: g.name }, { resetPage: true })}
          />
          <Form layout="inline" style={{ rowGap: 8 }}>
            <Form.Item label="Dates" htmlFor="registrations-dates">
              <DateRangePicker
                id="registrations-dates"
                value={[
                  params.startDate ? dayjs(params.startDate, URL_DATE) : null,
                  params.endDate ? dayjs(params.endDate, URL_DATE) : null,
                ]}
                onChange={(range) =>
                  setParams(
                    { startDate: range?.[0]?.format(URL_DATE), endDate: range?.[1]?.format(URL_DATE) },
                    { resetPage: true },
                  )
                }
              />
            </Form.Item>
            {KINDS.map(([key, label]) => (
              <Form.Item key={key}>
                <Checkbox
                  checked={params[key] ?? false}
                  onChange={(e) => setParams({ [key]: e.target.checked || undefined }, { resetPage: true })}
                >
                  {label}
                </Checkbox>
              </Form.Item>
            ))}
            <Form.Item>
              <ExportButton
                endpoint={reportEndpoints.residentRegistrationsExport}
                input={{ params: { groupId: groupId ?? 0 }, query: filter }}
                totalRows={total.data?.totalRecords}
                fallbackName="Resident_Registrations_Report"
                disabled={groupId === undefined}
              />
            </Form.Item>
          </Form>
          <UrlTable<RegistrationRow, typeof residentRegistrationsSearch>
            rowKey="id"
            searchSchema={residentRegistrationsSearch}
            queryKey={(p) => reportKeys.registrations(groupId ?? 0, { ...filter, page: p.page, pageSize: p.pageSize })}
            queryFn={(p) =>
              groupId === undefined
                ? Promise.resolve({ data: [], totalRecords: 0 })
                : fetchRegistrations(groupId, { ...filter, page: p.page, pageSize: p.pageSize })
            }
            locale={{ emptyText: groupId === undefined ? 'Please select property' : 'No registrations.' }}
            scroll={{ x: 'max-content' }}
            columns={[
              { title: 'Name', dataIndex: 'fullName' },
              { title: 'Resident number', dataIndex: 'residentNumber' },
              { title: 'Email', dataIndex: 'email' },
              { title: 'Phone', dataIndex: 'phoneNumber' },
              {
                title: 'Status',
                dataIndex: 'status',
                render: (v: number) => (v === RegistrationStatus.Approved ? 'Approved' : 'Pending approval'),
              },
              { title: 'Pre-registered', dataIndex: 'datePreRegistered', render: (v: string) => reportDate(v) },
              { title: 'Approved', dataIndex: 'dateApproved', render: (v: string | null) => reportDate(v) },
              { title: 'Pets', dataIndex: 'petSpecies', render: (v: number) => species(v) },
            ]}
          />
        </Space>
      </Card>
    </>
  );
}
