// The gender mismatch report (/reports/gendermismatch, spec 3 §2): dogs under the picked group whose DNA sex markers
// (the amelogenin call) disagree with their recorded gender; filters, sorting, paging and export.
import { Card, Form, Input, Select, Space } from 'antd';
import { Gender, PROFILE_REPORT_GROUP_TYPES, genderWords } from '@registry/contracts';
import { profileReportEndpoints } from '@registry/contracts/endpoints/profilereports';
import { ExportButton } from '../../components/ExportButton';
import { PageTitle } from '../../components/PageTitle';
import { UrlTable, useUrlState } from '../../components/UrlTable';
import { ReportGroupField } from './ReportGroupField';
import { reportDate } from './TdAuditReportPage';
import {
  fetchGenderMismatch,
  profileReportKeys,
  type GenderMismatchQuery,
  type GenderMismatchRow,
} from './profilereports.api';
import { genderMismatchSearch } from './profilereports.search';

const ORDERS = ['sampleNumber', 'petName', 'propertyName', 'dateApproved'] as const;
type Order = (typeof ORDERS)[number];
const genderName = (value: number) => genderWords(value);

export function GenderMismatchReportPage() {
  const [params, setParams] = useUrlState(genderMismatchSearch);
  const orderBy = (ORDERS as readonly string[]).includes(params.orderBy ?? '') ? (params.orderBy as Order) : undefined;
  const filter: Omit<GenderMismatchQuery, 'page' | 'pageSize'> = {
    groupId: params.groupId ?? 0,
    ...(params.recordedGender !== undefined ? { recordedGender: params.recordedGender } : {}),
    ...(params.sampleNumber ? { sampleNumber: params.sampleNumber } : {}),
    ...(orderBy ? { orderBy, ascending: params.ascending !== false } : {}),
  };
  return (
    <>
      <PageTitle>Gender mismatch report</PageTitle>
      <Card>
        <Space direction="vertical" style={{ width: '100%' }} size="middle">
          <ReportGroupField
            allowedTypes={PROFILE_REPORT_GROUP_TYPES}
            groupName={params.groupName}
            onPick={(g) => setParams({ groupId: g.id, groupName: g.name }, { resetPage: true })}
          />
          <Form layout="inline" style={{ rowGap: 8 }}>
            <Form.Item label="Recorded gender" htmlFor="mismatch-gender">
              <Select
                id="mismatch-gender"
                style={{ width: 140 }}
                allowClear
                placeholder="Any"
                value={params.recordedGender}
                onChange={(value?: number) => setParams({ recordedGender: value }, { resetPage: true })}
                options={[
                  { value: Gender.Male, label: 'Male' },
                  { value: Gender.Female, label: 'Female' },
                ]}
              />
            </Form.Item>
            <Form.Item label="Sample number" htmlFor="mismatch-sample">
              <Input.Search
                id="mismatch-sample"
                allowClear
                maxLength={32}
                defaultValue={params.sampleNumber}
                onSearch={(value) => setParams({ sampleNumber: value.trim() || undefined }, { resetPage: true })}
              />
            </Form.Item>
            <Form.Item>
              <ExportButton
                endpoint={profileReportEndpoints.genderMismatchExport}
                input={{ query: filter }}
                fallbackName="Gender_Mismatch_Report"
                disabled={params.groupId === undefined}
              />
            </Form.Item>
          </Form>
          <UrlTable<GenderMismatchRow, typeof genderMismatchSearch>
            rowKey="petId"
            searchSchema={genderMismatchSearch}
            queryKey={(p) => profileReportKeys.genderMismatch({ ...filter, page: p.page, pageSize: p.pageSize })}
            queryFn={(p) =>
              p.groupId === undefined
                ? Promise.resolve({ data: [], totalRecords: 0 })
                : fetchGenderMismatch({ ...filter, page: p.page, pageSize: p.pageSize })
            }
            locale={{
              emptyText: params.groupId === undefined ? 'Select a group to run the report.' : 'No mismatches.',
            }}
            scroll={{ x: 'max-content' }}
            columns={[
              { title: 'Sample number', dataIndex: 'sampleNumber', key: 'sampleNumber', sorter: true },
              { title: 'Pet name', dataIndex: 'petName', key: 'petName', sorter: true },
              { title: 'Owner', dataIndex: 'ownerName' },
              { title: 'Property', dataIndex: 'propertyName', key: 'propertyName', sorter: true },
              { title: 'Recorded gender', dataIndex: 'recordedGender', render: (v: number) => genderName(v) },
              { title: 'DNA gender', dataIndex: 'dnaSex' },
              {
                title: 'Approval date',
                dataIndex: 'dateApproved',
                key: 'dateApproved',
                sorter: true,
                render: (v: string | null) => reportDate(v),
              },
            ]}
          />
        </Space>
      </Card>
    </>
  );
}
