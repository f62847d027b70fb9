// Points on a map: the configured tile server's tiles (a 3 × 3 block at a zoom that holds every point) under the
// points, or, without a tile server, a plain plot around the points with a 10 m grid. Nothing is fetched from outside
// unless MAP_TILE_URL names a tile server.
export type PlotPoint = {
  key: string;
  latitude: number;
  longitude: number;
  accuracyMeters: number;
  color?: string;
  label?: string;
};

const TILE = 256;
const SIZE = 3 * TILE;

/** Web Mercator: the world pixel of a position at a zoom. */
function worldPixel(latitude: number, longitude: number, zoom: number) {
  const scale = TILE * 2 ** zoom;
  const sin = Math.sin((latitude * Math.PI) / 180);
  return {
    x: ((longitude + 180) / 360) * scale,
    y: (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * scale,
  };
}
const metresPerPixel = (latitude: number, zoom: number) =>
  (156_543.03 * Math.cos((latitude * Math.PI) / 180)) / 2 ** zoom;

export function MapPlot({ points, tileUrl, label }: { points: PlotPoint[]; tileUrl: string | null; label: string }) {
  if (points.length === 0) return null;
  const lats = points.map((p) => p.latitude);
  const lons = points.map((p) => p.longitude);
  const center = {
    latitude: (Math.min(...lats) + Math.max(...lats)) / 2,
    longitude: (Math.min(...lons) + Math.max(...lons)) / 2,
  };
  // The deepest zoom (at most 18) at which every point lies inside the block.
  let zoom = 18;
  for (; zoom > 2; zoom--) {
    const c = worldPixel(center.latitude, center.longitude, zoom);
    const fits = points.every((p) => {
      const w = worldPixel(p.latitude, p.longitude, zoom);
      return Math.abs(w.x - c.x) < SIZE / 2 - 24 && Math.abs(w.y - c.y) < SIZE / 2 - 24;
    });
    if (fits) break;
  }
  const c = worldPixel(center.latitude, center.longitude, zoom);
  const origin = { x: c.x - SIZE / 2, y: c.y - SIZE / 2 };
  const tiles = [];
  if (tileUrl) {
    const first = { x: Math.floor(origin.x / TILE), y: Math.floor(origin.y / TILE) };
    for (let ty = first.y; ty <= first.y + 3; ty++)
      for (let tx = first.x; tx <= first.x + 3; tx++)
        tiles.push({
          key: `${tx}-${ty}`,
          href: tileUrl.replace('{z}', String(zoom)).replace('{x}', String(tx)).replace('{y}', String(ty)),
          x: tx * TILE - origin.x,
          y: ty * TILE - origin.y,
        });
  }
  const mpp = metresPerPixel(center.latitude, zoom);
  const grid = Math.max(1, Math.round(10 / mpp)) * 4;
  return (
    <svg
      viewBox={`0 0 ${SIZE} ${SIZE}`}
      role="img"
      aria-label={label}
      style={{ width: '100%', maxWidth: 480, aspectRatio: '1', background: '#f3f6f4', border: '1px solid #d9d9d9' }}
    >
      {tiles.map((tile) => (
        <image key={tile.key} href={tile.href} x={tile.x} y={tile.y} width={TILE} height={TILE} />
      ))}
      {!tileUrl &&
        Array.from({ length: Math.ceil(SIZE / grid) + 1 }, (_v, i) => (
          <g key={i} stroke="#dfe6e2">
            <line x1={i * grid} y1={0} x2={i * grid} y2={SIZE} />
            <line x1={0} y1={i * grid} x2={SIZE} y2={i * grid} />
          </g>
        ))}
      {points.map((p) => {
        const w = worldPixel(p.latitude, p.longitude, zoom);
        const x = w.x - origin.x;
        const y = w.y - origin.y;
        return (
          <g key={p.key}>
            <title>{p.label ?? `${p.latitude.toFixed(6)}, ${p.longitude.toFixed(6)}`}</title>
            <circle
              cx={x}
              cy={y}
              r={Math.max(6, p.accuracyMeters / mpp)}
              fill={p.color ?? '#16776e'}
              fillOpacity={0.15}
            />
            <path
              d={`M${x} ${y} l-10 -26 a12 12 0 1 1 20 0 z`}
              fill={p.color ?? '#16776e'}
              stroke="#fff"
              strokeWidth={2}
            />
          </g>
        );
      })}
      <text x={8} y={SIZE - 10} fontSize={18} fill="#444">
        {tileUrl ? '' : `Grid: ${Math.round(grid * mpp)} m`}
      </text>
    </svg>
  );
}
