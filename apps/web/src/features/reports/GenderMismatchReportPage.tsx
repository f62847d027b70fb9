// The gender mismatch report (/reports/gendermismatch, spec 3 §2): dogs under the picked group whose DNA sex markers
// (the amelogenin call) disagree with their recorded gender; filters, sorting, paging and export.
import { Form, Select } from 'antd';
import { Gender, PROFILE_REPORT_GROUP_TYPES, genderWords } from '@registry/contracts';
import { profileReportEndpoints } from '@registry/contracts/endpoints/profilereports';
import { showReportDate } from '../../components/labTime';
import { ReportPage } from '../../components/ReportPage';
import { UrlSearchFilter } from '../../components/urlFilters';
import { useUrlState } from '../../components/UrlTable';
import { UrlReportGroup } from './ReportGroupField';
import { genderMismatch, genderMismatchSearch } from './profilereports.search';

export function GenderMismatchReportPage() {
  const [params, setParams] = useUrlState(genderMismatchSearch);
  const query = {
    ...genderMismatch.request(params),
    ...(params.orderBy ? { orderBy: params.orderBy, ascending: params.ascending !== false } : {}),
  };
  const input = params.groupId === undefined ? null : { query: { ...query, groupId: params.groupId } };
  return (
    <ReportPage
      title="Gender mismatch report"
      endpoint={profileReportEndpoints.genderMismatch}
      search={genderMismatchSearch}
      input={input}
      group={<UrlReportGroup allowedTypes={PROFILE_REPORT_GROUP_TYPES} />}
      filters={
        <>
          <Form.Item label="Recorded gender" htmlFor="mismatch-gender">
            <Select
              id="mismatch-gender"
              style={{ width: 140 }}
              allowClear
              placeholder="Any"
              value={params.recordedGender}
              onChange={(value?: 0 | 1 | 2) => setParams({ recordedGender: value }, { resetPage: true })}
              options={[
                { value: Gender.Male, label: 'Male' },
                { value: Gender.Female, label: 'Female' },
              ]}
            />
          </Form.Item>
          <UrlSearchFilter label="Sample number" id="mismatch-sample" name="sampleNumber" maxLength={32} />
        </>
      }
      exportTo={{
        endpoint: profileReportEndpoints.genderMismatchExport,
        fallbackName: 'Gender_Mismatch_Report',
        input,
      }}
      emptyText={{ idle: 'Select a group to run the report.', none: 'No mismatches.' }}
      rowKey="petId"
      columns={[
        { title: 'Sample number', dataIndex: 'sampleNumber', key: 'sampleNumber', sorter: true },
        { title: 'Pet name', dataIndex: 'petName', key: 'petName', sorter: true },
        { title: 'Owner', dataIndex: 'ownerName' },
        { title: 'Property', dataIndex: 'propertyName', key: 'propertyName', sorter: true },
        { title: 'Recorded gender', dataIndex: 'recordedGender', render: (v: number) => genderWords(v) },
        { title: 'DNA gender', dataIndex: 'dnaSex' },
        {
          title: 'Approval date',
          dataIndex: 'dateApproved',
          key: 'dateApproved',
          sorter: true,
          render: (v: string | null) => showReportDate(v),
        },
      ]}
    />
  );
}
