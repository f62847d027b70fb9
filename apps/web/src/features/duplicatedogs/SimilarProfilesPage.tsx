// Similar DNA profiles (/tools/similardnaprofiles): minimum matching markers (default 6; below 6 asks first), maximum
// failing markers (default 0), a sample number and an optional property; each similar dog with its matching and
// failing markers side by side. Relatives mode ranks possible parents or offspring and possible full siblings by
// likelihood ratio instead. The gender-mismatch CSV is offered here too.
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Card, Collapse, Form, InputNumber, Segmented, Space, Spin, Table, Typography } from 'antd';
import { DUPLICATE_MESSAGES, SimilarProfilesMode, duplicateDogEndpoints } from '@registry/contracts';
import { ErrorPresenter } from '../../components/ErrorPresenter';
import { PageTitle } from '../../components/PageTitle';
import { PetOwnerGroupSearchModal } from '../groups/components/PetOwnerGroupSearchModal';
import { useUrlState } from '../../components/UrlTable';
import { ExportButton } from '../../components/ExportButton';
import { RelativesGroups } from '../../components/RelativesGroups';
import { duplicateKeys, fetchRelatives, fetchSimilar } from './duplicatedogs.api';
import { similarSearch } from './duplicatedogs.search';
import { MaxLengthInput } from '../../components/MaxLengthInput';

type MarkerPair = { marker: string; query: string; candidate: string };
const pairColumns = (sampleNumber: string, other: string) => [
  { title: 'Marker', dataIndex: 'marker' },
  { title: sampleNumber, dataIndex: 'query' },
  { title: other, dataIndex: 'candidate' },
];

export function SimilarProfilesPage() {
  const [params, setParams] = useUrlState(similarSearch);
  const [draft, setDraft] = useState({ samplenumber: params.samplenumber ?? '', min: params.min, max: params.max });
  const [picking, setPicking] = useState(false);
  const { modal } = App.useApp();
  const relativesMode = params.mode === SimilarProfilesMode.Relatives;
  const request =
    params.samplenumber && !relativesMode
      ? {
          samplenumber: params.samplenumber,
          minimummatchingmarkerthreshold: params.min,
          maximumfailingmarkerthreshold: params.max,
          propertyId: params.propertyId,
        }
      : null;
  const answer = useQuery({
    queryKey: duplicateKeys.similar(request ?? { samplenumber: '' }),
    queryFn: () => fetchSimilar(request!),
    enabled: request !== null,
    retry: false,
  });
  const relativesRequest =
    params.samplenumber && relativesMode
      ? { samplenumber: params.samplenumber, propertyId: params.propertyId, maxexcludingmarkers: params.exclude }
      : null;
  const relatives = useQuery({
    queryKey: duplicateKeys.relatives(relativesRequest ?? { samplenumber: '' }),
    queryFn: () => fetchRelatives(relativesRequest!),
    enabled: relativesRequest !== null,
    retry: false,
  });
  const search = () => {
    const apply = () =>
      setParams({ samplenumber: draft.samplenumber.trim().toUpperCase(), min: draft.min, max: draft.max });
    if (draft.min < 6 && !relativesMode) modal.confirm({ title: DUPLICATE_MESSAGES.lowThresholdConfirm, onOk: apply });
    else apply();
  };
  return (
    <>
      <PageTitle
        extra={
          <ExportButton
            endpoint={duplicateDogEndpoints.genderMismatchCsv}
            input={{}}
            formats={['csv']}
            label="Gender mismatch"
            fallbackName="GenderMismatch"
          />
        }
      >
        Similar DNA profiles
      </PageTitle>
      <Card>
        <Segmented
          aria-label="Mode"
          style={{ marginBottom: 16 }}
          value={params.mode}
          onChange={(mode) => setParams({ mode: mode as typeof params.mode })}
          options={[
            { label: 'Thresholds', value: SimilarProfilesMode.Thresholds },
            { label: 'Relatives', value: SimilarProfilesMode.Relatives },
          ]}
        />
        <Form layout="inline" onFinish={search} style={{ marginBottom: 16, rowGap: 8 }}>
          <Form.Item label="Sample number" htmlFor="similar-samplenumber">
            <MaxLengthInput
              id="similar-samplenumber"
              maxLength={12}
              value={draft.samplenumber}
              onChange={(v) => setDraft({ ...draft, samplenumber: v })}
            />
          </Form.Item>
          {!relativesMode && (
            <>
              <Form.Item label="Minimum matching markers" htmlFor="similar-min">
                <InputNumber
                  id="similar-min"
                  min={1}
                  max={64}
                  value={draft.min}
                  onChange={(v) => setDraft({ ...draft, min: v ?? 6 })}
                />
              </Form.Item>
              <Form.Item label="Maximum failing markers" htmlFor="similar-max">
                <InputNumber
                  id="similar-max"
                  min={0}
                  max={64}
                  value={draft.max}
                  onChange={(v) => setDraft({ ...draft, max: v ?? 0 })}
                />
              </Form.Item>
            </>
          )}
          {relativesMode && (
            <Form.Item label="Excluding markers allowed" htmlFor="relatives-exclude">
              <InputNumber
                id="relatives-exclude"
                min={0}
                max={3}
                value={params.exclude}
                onChange={(v) => setParams({ exclude: v ?? 0 })}
              />
            </Form.Item>
          )}
          <Form.Item label="Property">
            <Space>
              <Button onClick={() => setPicking(true)}>
                {params.propertyId ? `Group ${params.propertyId}` : 'Any'}
              </Button>
              {params.propertyId && (
                <Button type="link" onClick={() => setParams({ propertyId: undefined })}>
                  Clear
                </Button>
              )}
            </Space>
          </Form.Item>
          <Button type="primary" htmlType="submit" disabled={!draft.samplenumber.trim()}>
            Search
          </Button>
        </Form>
        <ErrorPresenter error={relativesMode ? relatives.error : answer.error} />
        {relativesMode && relatives.isFetching && <Spin />}
        {relativesMode && relatives.data && <RelativesGroups data={relatives.data} />}
        {!relativesMode && answer.data && answer.data.similar.length === 0 && (
          <Typography.Text>No similar profiles.</Typography.Text>
        )}
        {!relativesMode && answer.data && (
          <Collapse
            items={answer.data.similar.map((s) => ({
              key: s.dnaProfileId,
              label: `${s.sampleNumber}${s.petName ? ` (${s.petName})` : ''}: ${s.matchingMarkerCount} matching, ${s.failingMarkerCount} failing`,
              children: (
                <Space orientation="vertical" style={{ width: '100%' }}>
                  <Typography.Text strong>Failing markers</Typography.Text>
                  <Table<MarkerPair>
                    size="small"
                    rowKey="marker"
                    pagination={false}
                    dataSource={s.failingMarkers}
                    columns={pairColumns(answer.data.sampleNumber, s.sampleNumber)}
                  />
                  <Typography.Text strong>Matching markers</Typography.Text>
                  <Table<MarkerPair>
                    size="small"
                    rowKey="marker"
                    pagination={false}
                    dataSource={s.matchingMarkers}
                    columns={pairColumns(answer.data.sampleNumber, s.sampleNumber)}
                  />
                </Space>
              ),
            }))}
          />
        )}
      </Card>
      <PetOwnerGroupSearchModal
        open={picking}
        onCancel={() => setPicking(false)}
        onSelect={(g) => {
          setPicking(false);
          setParams({ propertyId: g.id });
        }}
      />
    </>
  );
}
