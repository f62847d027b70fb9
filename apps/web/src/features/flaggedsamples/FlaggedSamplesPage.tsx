import { Link, useParams } from '@tanstack/react-router';
import { Card } from 'antd';
import { flaggedSamplesQuery } from '@registry/contracts';
import { listFilterFields } from '../../components/urlFilters';
import { UrlTable, useUrlState } from '../../components/UrlTable';
import { GroupFrame } from '../../components/GroupFrame';
import { STATUS_OPTIONS, statusLabel } from '../pets/petLabels';
import { fetchFlaggedSamples, flaggedRequest, flaggedSampleKeys, type FlaggedSample } from './flaggedsamples.api';
import { flaggedSamplesSearch } from './flaggedsamples.search';
import { showReportDate } from '../../components/labTime';
import { FilterBar } from '../../components/FilterBar';

const shortDate = (v: string | null) => (v ? showReportDate(v) : '—');
const TYPE_OPTIONS = [
  { value: 'Pet', label: 'Pet' },
  { value: 'WasteSample', label: 'Waste Sample' },
];

/** Where a row leads: a pet to its owner's page, a waste sample to its property's results. */
function SampleLink({ row }: { row: FlaggedSample }) {
  if (!row.sampleNumber) return <>{row.name ?? '—'}</>;
  if (row.sampleType === 'Pet' && row.petOwnerId)
    return (
      <Link
        to="/petowner/$petOwnerId/{-$sampleNumber}"
        params={{ petOwnerId: String(row.petOwnerId), sampleNumber: row.sampleNumber }}
      >
        {row.sampleNumber}
      </Link>
    );
  return <>{row.sampleNumber}</>;
}

function FlaggedSamples({ groupId }: { groupId: number }) {
  const [params, setParams] = useUrlState(flaggedSamplesSearch);
  const filter = listFilterFields('flagged', params, setParams, flaggedSamplesQuery);
  return (
    <Card>
      <FilterBar style={{ marginBottom: 16, rowGap: 8 }}>
        {filter.choice('sampletype', 'Sample type', { id: 'flagged-type', width: 160, options: TYPE_OPTIONS })}
        {filter.text('samplenumber', 'Sample number', 'sampleNumber')}
        {filter.day('dateflagged', 'Date flagged', 'flagged-date')}
        {filter.text('notes', 'Notes', 'notesPreview')}
        {filter.text('groupname', 'Group', 'groupName')}
        {filter.choice('samplestatus', 'Sample status', { id: 'flagged-status', width: 200, options: STATUS_OPTIONS })}
      </FilterBar>
      <UrlTable<FlaggedSample, typeof flaggedSamplesSearch>
        empty={{ text: 'No flagged samples match. Clear the filters; samples flagged by the lab show here.' }}
        rowKey={(row) => `${row.sampleType}-${row.sampleId}`}
        searchSchema={flaggedSamplesSearch}
        queryKey={(p) => flaggedSampleKeys.list(groupId, flaggedRequest(p))}
        queryFn={(p) => fetchFlaggedSamples(groupId, flaggedRequest(p))}
        columns={[
          {
            title: 'Sample number',
            dataIndex: 'sampleNumber',
            sorter: true,
            render: (_v: string | null, row) => <SampleLink row={row} />,
          },
          {
            title: 'Sample type',
            dataIndex: 'sampleType',
            sorter: true,
            render: (v: string) => (v === 'Pet' ? 'Pet' : 'Waste Sample'),
          },
          { title: 'Date flagged', dataIndex: 'dateFlagged', sorter: true, render: shortDate },
          { title: 'Notes', dataIndex: 'notesPreview', sorter: true, ellipsis: true },
          { title: 'Group', dataIndex: 'groupName', sorter: true },
          { title: 'Sample status', dataIndex: 'sampleStatus', sorter: true, render: statusLabel },
        ]}
      />
    </Card>
  );
}

/** Flagged samples under a group (spec 2 /group/{id}/flaggedsamples?sampletype): pets and waste samples. */
export function FlaggedSamplesPage() {
  const { id } = useParams({ from: '/_app/group/$id/flaggedsamples' });
  const groupId = Number(id);
  return (
    <GroupFrame groupId={groupId} page="flaggedsamples">
      {() => <FlaggedSamples groupId={groupId} />}
    </GroupFrame>
  );
}
