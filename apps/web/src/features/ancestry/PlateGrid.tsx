// A generated ancestry plate as a grid of wells (rows A…, columns 1…), each showing the sample placed in it.
import type { PlateAnswer } from './ancestry.api';

const rowName = (index: number) =>
  String.fromCharCode(65 + (index % 26)) + (index >= 26 ? String(Math.floor(index / 26)) : '');

export function PlateGrid({ plate }: { plate: PlateAnswer }) {
  const byWell = new Map(plate.wells.map((w) => [w.well, w]));
  return (
    <div style={{ overflowX: 'auto' }}>
      <table data-testid="plate-grid" style={{ borderCollapse: 'collapse', fontSize: 12 }}>
        <caption style={{ textAlign: 'left', fontWeight: 600 }}>Plate {plate.plateNumber}</caption>
        <thead>
          <tr>
            <th />
            {Array.from({ length: plate.columns }, (_, c) => (
              <th key={c} scope="col">
                {c + 1}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {Array.from({ length: plate.rows }, (_, r) => (
            <tr key={r}>
              <th scope="row">{rowName(r)}</th>
              {Array.from({ length: plate.columns }, (_, c) => {
                const well = byWell.get(`${rowName(r)}${c + 1}`);
                return (
                  <td
                    key={c}
                    style={{
                      border: '1px solid #d9d9d9',
                      minWidth: 72,
                      height: 32,
                      textAlign: 'center',
                      background: well ? '#e6f4ff' : undefined,
                    }}
                  >
                    {well?.sampleNumber ?? (well ? `#${well.fulfillmentId}` : '')}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
