import { Link, useParams } from '@tanstack/react-router';
import { Card, DatePicker, Form, Select } from 'antd';
import { dayjs } from '../../lib/dayjs';
import { UpdateOnEnterInput } from '../../components/UpdateOnEnterInput';
import { UrlTable, useUrlState } from '../../components/UrlTable';
import { GroupFrame } from '../../components/GroupFrame';
import { STATUS_OPTIONS, statusLabel } from '../pets/petLabels';
import { fetchFlaggedSamples, flaggedRequest, flaggedSampleKeys, type FlaggedSample } from './flaggedsamples.api';
import { flaggedSamplesSearch, type FlaggedSamplesSearch } from './flaggedsamples.search';
import { showReportDate } from '../../components/labTime';
import { FilterBar } from '../../components/FilterBar';

const URL_DATE = 'MM/DD/YYYY';
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
  const text = (key: 'samplenumber' | 'notes' | 'groupname', label: string) => (
    <Form.Item label={label} htmlFor={`flagged-${key}`}>
      <UpdateOnEnterInput
        id={`flagged-${key}`}
        allowClear
        value={params[key] ?? ''}
        onCommit={(v) => setParams({ [key]: v } as Partial<FlaggedSamplesSearch>, { resetPage: true })}
        style={{ width: 150 }}
      />
    </Form.Item>
  );
  return (
    <Card>
      <FilterBar style={{ marginBottom: 16, rowGap: 8 }}>
        <Form.Item label="Sample type" htmlFor="flagged-type">
          <Select
            id="flagged-type"
            allowClear
            style={{ width: 160 }}
            value={params.sampletype}
            options={TYPE_OPTIONS}
            onChange={(v?: 'Pet' | 'WasteSample') => setParams({ sampletype: v }, { resetPage: true })}
          />
        </Form.Item>
        {text('samplenumber', 'Sample number')}
        <Form.Item label="Date flagged" htmlFor="flagged-date">
          <DatePicker
            id="flagged-date"
            format="M/D/YYYY"
            value={params.dateflagged ? dayjs(params.dateflagged, URL_DATE) : null}
            onChange={(d) => setParams({ dateflagged: d ? d.format(URL_DATE) : undefined }, { resetPage: true })}
          />
        </Form.Item>
        {text('notes', 'Notes')}
        {text('groupname', 'Group')}
        <Form.Item label="Sample status" htmlFor="flagged-status">
          <Select
            id="flagged-status"
            allowClear
            style={{ width: 200 }}
            value={params.samplestatus}
            options={STATUS_OPTIONS}
            onChange={(v?: number) => setParams({ samplestatus: v }, { resetPage: true })}
          />
        </Form.Item>
      </FilterBar>
      <UrlTable<FlaggedSample, typeof flaggedSamplesSearch>
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
