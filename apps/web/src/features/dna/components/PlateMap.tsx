// The plate map beside the processing table: the 96 or 384 wells in their grid, coloured by result and lab status;
// a click on a sample's well opens its profile.
import { Card, Space, Tooltip } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { DnaProfileLabStatus } from '@registry/contracts';
import { ErrorPresenter } from '../../../components/ErrorPresenter';
import { plateMapQuery, type PlateMapData } from '../dna.api';

type Well = PlateMapData['wells'][number];

export const WELL_COLOURS = {
  approved: '#237804',
  pass: '#95de64',
  fail: '#ff4d4f',
  pending: '#faad14',
  inactive: '#bfbfbf',
  control: '#69b1ff',
  empty: '#ffffff',
} as const;

/** The colour key of a well: approved wells turn green, failing red, awaiting review amber. */
export function wellState(well: Well | undefined): keyof typeof WELL_COLOURS {
  if (!well) return 'empty';
  if (well.dnaProfileId === null) return 'control';
  if (well.labStatus === DnaProfileLabStatus.Approved) return 'approved';
  if (well.labStatus === DnaProfileLabStatus.Inactive) return 'inactive';
  if (well.result === 'Fail') return 'fail';
  if (well.result === 'Pass') return 'pass';
  return 'pending';
}

const LEGEND: [keyof typeof WELL_COLOURS, string][] = [
  ['approved', 'Approved'],
  ['pass', 'Pass'],
  ['pending', 'Pending'],
  ['fail', 'Fail'],
  ['inactive', 'Inactive'],
  ['control', 'Control'],
];

export function PlateMap({ plateId, onOpenProfile }: { plateId: number; onOpenProfile: (id: number) => void }) {
  const { data, error } = useQuery(plateMapQuery(plateId));
  if (error) return <ErrorPresenter error={error} />;
  if (!data) return null;
  const rows = data.plateSize === 384 ? 16 : 8;
  const columns = data.plateSize === 384 ? 24 : 12;
  const byWell = new Map(data.wells.map((w) => [w.well, w]));
  // The plate's own coordinates around the grid, as printed on the plate: column numbers along the top, row letters
  // down the side, so a well is found by its name ('D07') at a glance. The wells name themselves to a screen reader.
  const axis = (key: string, text: string) => (
    <span key={key} aria-hidden className="plate-axis">
      {text}
    </span>
  );
  const cells = [
    axis('corner', ''),
    ...Array.from({ length: columns }, (_, i) => axis(`column-${i + 1}`, String(i + 1))),
  ];
  for (let r = 0; r < rows; r++) {
    const letter = String.fromCharCode(65 + r);
    cells.push(axis(`row-${letter}`, letter));
    for (let c = 1; c <= columns; c++) {
      const label = `${letter}${String(c).padStart(2, '0')}`;
      const well = byWell.get(label);
      const state = wellState(well);
      const title = well
        ? `${label} ${well.sampleName} (${LEGEND.find(([k]) => k === state)?.[1] ?? ''})`
        : `${label} empty`;
      cells.push(
        <Tooltip key={label} title={title}>
          <button
            type="button"
            className="plate-well"
            data-well={label}
            data-state={state}
            aria-label={title}
            disabled={!well?.dnaProfileId}
            onClick={() => well?.dnaProfileId && onOpenProfile(well.dnaProfileId)}
            style={{
              background: WELL_COLOURS[state],
              border: '1px solid #8c8c8c',
              borderRadius: '50%',
              aspectRatio: '1',
              width: '100%',
              padding: 0,
              cursor: well?.dnaProfileId ? 'pointer' : 'default',
            }}
          />
        </Tooltip>,
      );
    }
  }
  return (
    <Card size="small" title={`Plate map: ${data.plateName}`}>
      <div
        role="group"
        aria-label={`Plate map of ${data.plateName}`}
        style={{
          display: 'grid',
          gridTemplateColumns: `auto repeat(${columns}, minmax(0, 1fr))`,
          gap: 3,
          maxWidth: 520,
        }}
      >
        {cells}
      </div>
      <Space wrap size={4} style={{ marginTop: 8 }}>
        {/* A swatch beside dark text: the words never sit on the well colour (white on light green read 1.05:1). */}
        {LEGEND.map(([key, label]) => (
          <span key={key} className="plate-legend">
            <span aria-hidden className="plate-legend__swatch" style={{ background: WELL_COLOURS[key] }} />
            {label}
          </span>
        ))}
      </Space>
    </Card>
  );
}
