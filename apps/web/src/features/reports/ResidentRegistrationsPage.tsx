// Resident registrations (/reports/resident-registrations-request, spec 3 §3 and §7): the residents of one property
// who registered in a date range, by kind (pre-registered, dog owners, other pet owners), paged and exported.
import { PetSpecies, REPORT_GROUP_TYPES, RegistrationStatus } from '@registry/contracts';
import { reportEndpoints } from '@registry/contracts/endpoints/reports';
import { showReportDate } from '../../components/labTime';
import { ReportPage } from '../../components/ReportPage';
import { UrlCheckFilter, UrlDateRangeFilter } from '../../components/urlFilters';
import { useUrlState } from '../../components/UrlTable';
import { UrlReportGroup } from './ReportGroupField';
import { residentsError } from './reports.api';
import { residentRegistrations, residentRegistrationsSearch } from './reports.search';

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
  const [params] = useUrlState(residentRegistrationsSearch);
  const groupId = params.groupId;
  const input = groupId === undefined ? null : { params: { groupId }, query: residentRegistrations.request(params) };
  return (
    <ReportPage
      title="Resident registrations"
      endpoint={reportEndpoints.residentRegistrations}
      search={residentRegistrationsSearch}
      input={input}
      group={<UrlReportGroup allowedTypes={REPORT_GROUP_TYPES.residentRegistrations} />}
      filters={
        <>
          <UrlDateRangeFilter label="Dates" id="registrations-dates" from="startDate" to="endDate" />
          {KINDS.map(([key, label]) => (
            <UrlCheckFilter key={key} name={key} label={label} />
          ))}
        </>
      }
      exportTo={{
        endpoint: reportEndpoints.residentRegistrationsExport,
        fallbackName: 'Resident_Registrations_Report',
        input,
      }}
      mapError={residentsError}
      emptyText={{ idle: 'Please select property', none: 'No registrations.' }}
      rowKey="id"
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
        { title: 'Pre-registered', dataIndex: 'datePreRegistered', render: (v: string) => showReportDate(v) },
        { title: 'Approved', dataIndex: 'dateApproved', render: (v: string | null) => showReportDate(v) },
        { title: 'Pets', dataIndex: 'petSpecies', render: (v: number) => species(v) },
      ]}
    />
  );
}
