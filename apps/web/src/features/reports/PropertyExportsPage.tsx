// Property exports (/reports/propertyexports, spec 3 §5): a group (Distributorship, ManagementGroup or Property), an
// export options (the spec's PropertyExportFilter flags, any combination) and a date range; the count decides the over-1,000 confirmation, then the file streams down.
import { Alert, Card, Form, Select, Space, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { PropertyExportFilter, REPORT_GROUP_TYPES, REPORT_MESSAGES } from '@registry/contracts';
import { reportEndpoints } from '@registry/contracts/endpoints/reports';
import { dayjs } from '../../lib/dayjs';
import { DateRangePicker } from '../../components/DateRangePicker';
import { ErrorPresenter } from '../../components/ErrorPresenter';
import { ExportButton } from '../../components/ExportButton';
import { PageTitle } from '../../components/PageTitle';
import { useUrlState } from '../../components/UrlTable';
import { ReportGroupField } from './ReportGroupField';
import { propertyExportCountQuery } from './reports.api';
import { propertyExportsSearch } from './reports.search';

const URL_DATE = 'MM/DD/YYYY';
const OPTIONS = [
  { value: PropertyExportFilter.Dogs, label: 'Dogs' },
  { value: PropertyExportFilter.DogOwners, label: 'Dog owners' },
  { value: PropertyExportFilter.DogOwnersWithDogs, label: 'Dog owners with dogs' },
  { value: PropertyExportFilter.EsaServiceAnimalOwners, label: 'ESA / service animal owners' },
  { value: PropertyExportFilter.PetOwners, label: 'Pet owners' },
  { value: PropertyExportFilter.NonPetOwners, label: 'Non-pet owners' },
  { value: PropertyExportFilter.ResidentsPendingApproval, label: 'Residents pending approval' },
  { value: PropertyExportFilter.AllResidents, label: 'All residents' },
];
/** The chosen flags of a combined value, and back. */
const flagsOf = (value?: number) => OPTIONS.map((o) => o.value).filter((flag) => ((value ?? 0) & flag) !== 0);
const combined = (flags: number[]) => flags.reduce((sum, flag) => sum | flag, 0) || undefined;

export function PropertyExportsPage() {
  const [params, setParams] = useUrlState(propertyExportsSearch);
  const query = {
    ...(params.groupId ? { groupId: params.groupId } : {}),
    ...(params.exportOption ? { exportOption: params.exportOption } : {}),
    ...(params.startDate ? { startDate: params.startDate } : {}),
    ...(params.endDate ? { endDate: params.endDate } : {}),
  };
  const ready = params.groupId !== undefined && params.exportOption !== undefined;
  const count = useQuery({ ...propertyExportCountQuery({ ...query, format: 'csv' }), enabled: ready });
  return (
    <>
      <PageTitle>Property exports</PageTitle>
      <Card>
        <Space direction="vertical" style={{ width: '100%' }} size="middle">
          <ReportGroupField
            allowedTypes={REPORT_GROUP_TYPES.propertyExport}
            groupName={params.groupName}
            onPick={(g) => setParams({ groupId: g.id, groupName: g.name })}
          />
          <Form layout="inline" style={{ rowGap: 8 }}>
            <Form.Item label="Export" htmlFor="property-export-option">
              <Select
                id="property-export-option"
                mode="multiple"
                allowClear
                style={{ minWidth: 260 }}
                placeholder="Export options"
                value={flagsOf(params.exportOption)}
                options={OPTIONS}
                onChange={(v: number[]) => setParams({ exportOption: combined(v) })}
              />
            </Form.Item>
            <Form.Item label="Dates" htmlFor="property-export-dates">
              <DateRangePicker
                id="property-export-dates"
                value={[
                  params.startDate ? dayjs(params.startDate, URL_DATE) : null,
                  params.endDate ? dayjs(params.endDate, URL_DATE) : null,
                ]}
                onChange={(range) =>
                  setParams({ startDate: range?.[0]?.format(URL_DATE), endDate: range?.[1]?.format(URL_DATE) })
                }
              />
            </Form.Item>
          </Form>
          {params.groupId === undefined && <Alert type="info" title={REPORT_MESSAGES.selectPropertyExportGroup} />}
          {params.groupId !== undefined && params.exportOption === undefined && (
            <Alert type="info" title={REPORT_MESSAGES.selectExportOption} />
          )}
          <ErrorPresenter error={count.error} />
          {ready && count.data && (
            <Typography.Text data-testid="export-count">{count.data.totalRecords} rows to export.</Typography.Text>
          )}
          <ExportButton
            endpoint={reportEndpoints.propertyExport}
            input={{ query }}
            totalRows={count.data?.totalRecords}
            fallbackName="Property_Export"
            disabled={!ready}
          />
        </Space>
      </Card>
    </>
  );
}
