// The positive control's reference on the new-control popup: none, typed marker by marker for the chosen panel, or
// taken from an approved profile by its sample number. Uploads compare the plate's positive control with it.
import { Form, Radio, Table, Typography } from 'antd';
import { MaxLengthInput } from '../../../components/MaxLengthInput';

export type ReferenceSource = 'none' | 'typed' | 'sample';
export type ReferenceEntry = { marker: string; alleleA: string; alleleB: string };

export function ControlReference({
  source,
  onSource,
  markers,
  entries,
  onEntries,
}: {
  source: ReferenceSource;
  onSource: (source: ReferenceSource) => void;
  /** The chosen panel's marker names (empty until a panel is chosen). */
  markers: string[];
  entries: Record<string, ReferenceEntry>;
  onEntries: (entries: Record<string, ReferenceEntry>) => void;
}) {
  const set = (marker: string, key: 'alleleA' | 'alleleB', value: string) =>
    onEntries({ ...entries, [marker]: { ...(entries[marker] ?? { marker, alleleA: '', alleleB: '' }), [key]: value } });
  return (
    <>
      <Form.Item label="Reference genotype">
        <Radio.Group
          value={source}
          onChange={(e) => onSource(e.target.value as ReferenceSource)}
          options={[
            { value: 'none', label: 'None' },
            { value: 'typed', label: 'Type it' },
            { value: 'sample', label: 'From an approved profile' },
          ]}
        />
      </Form.Item>
      {source === 'sample' && (
        <Form.Item
          name="knownFromSampleNumber"
          label="Sample number"
          rules={[{ required: true, whitespace: true, message: 'Enter the sample number.' }]}
        >
          <MaxLengthInput maxLength={20} />
        </Form.Item>
      )}
      {source === 'typed' &&
        (markers.length === 0 ? (
          <Typography.Text type="secondary">Choose the panel first.</Typography.Text>
        ) : (
          <Table
            size="small"
            rowKey="marker"
            pagination={false}
            scroll={{ y: 280 }}
            dataSource={markers.map((marker) => entries[marker] ?? { marker, alleleA: '', alleleB: '' })}
            columns={[
              { title: 'Marker', dataIndex: 'marker' },
              ...(['alleleA', 'alleleB'] as const).map((key) => ({
                title: key === 'alleleA' ? 'Allele 1' : 'Allele 2',
                key,
                render: (_: unknown, r: ReferenceEntry) => (
                  <MaxLengthInput
                    aria-label={`${r.marker} ${key === 'alleleA' ? 'allele 1' : 'allele 2'}`}
                    value={r[key]}
                    maxLength={12}
                    style={{ width: 80 }}
                    onChange={(v) => set(r.marker, key, v)}
                  />
                ),
              })),
            ]}
          />
        ))}
    </>
  );
}

/** The reference as the table shows it: the markers typed, or a dash. */
export function referenceText(knownGenotype: ReferenceEntry[] | null): string {
  if (!knownGenotype) return '—';
  const called = knownGenotype.filter((g) => g.alleleA || g.alleleB);
  return `${called.length} ${called.length === 1 ? 'marker' : 'markers'}`;
}
