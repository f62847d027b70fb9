// Marker panels as data (built-in ISAG canine, forensic canine, ISAG feline, gender markers) and the registry labs add to.
// Size ranges drive the wrong-species check and the synthetic population; see docs/genetics.md for their sources.

export const PanelMarkerType = { Canine: 'Canine', Feline: 'Feline', Gender: 'Gender' } as const;
export type PanelMarkerType = (typeof PanelMarkerType)[keyof typeof PanelMarkerType];

export const Species = { Canine: 'Canine', Feline: 'Feline' } as const;
export type Species = (typeof Species)[keyof typeof Species];

export type MarkerDefinition = {
  name: string;
  type: PanelMarkerType;
  /** Other spellings seen in exports (e.g. 'AMEL' for amelogenin). Matching also ignores case and punctuation. */
  aliases?: readonly string[];
  /** Expected allele sizes in base pairs; calls outside it count towards the wrong-species check. */
  sizeRange?: readonly [number, number];
  /** The lab's allele bins (names or sizes, bp); without them the size range is the marker's only bin (see bins.ts). */
  bins?: readonly number[];
  /** Repeat unit length in bp (2 for dinucleotide, 4 for tetranucleotide); used by the synthetic population. */
  repeatLength?: number;
};

export type PanelDefinition = {
  id: string;
  name: string;
  species: Species;
  markers: readonly MarkerDefinition[];
  /** Fewest called typing markers for a usable profile (MarkerQuantityNotSufficient below it). */
  minimumMarkers: number;
  /** Coancestry coefficient for the NRC II 4.10 match probability (default DEFAULT_THETA; see docs/genetics.md). */
  theta?: number;
  /** STR mutation rate per marker per generation for the parentage index at an exclusion (default DEFAULT_MUTATION_RATE). */
  mutationRate?: number;
  source?: string;
};

/** Dogs and cats: breeds are strongly structured populations and relatives share properties (docs/genetics.md). */
export const DEFAULT_THETA = 0.05;
/** High end of published canine STR mutation rates (about 1e-4 to 2e-3 per marker per generation). */
export const DEFAULT_MUTATION_RATE = 0.002;

export type Marker = Readonly<MarkerDefinition & { index: number; key: string }>;

export type Panel = Readonly<{
  id: string;
  name: string;
  species: Species;
  markers: readonly Marker[];
  /** Indices of the markers used for matching, parentage and statistics (every marker that is not a gender marker). */
  typingMarkers: readonly number[];
  /** Index of the gender marker, or -1. */
  genderMarker: number;
  minimumMarkers: number;
  theta: number;
  mutationRate: number;
  source?: string;
  /** Index of a marker by any of its names (case and punctuation ignored), or -1. */
  markerIndex(name: string): number;
}>;

/** Marker names compare without case, spaces or punctuation: 'vWF.X' = 'VWFX', 'ZFX/Y' = 'zfxy'. */
export function markerKey(name: string): string {
  return name.toUpperCase().replace(/[^A-Z0-9]/g, '');
}

export function definePanel(def: PanelDefinition): Panel {
  if (!def.id.trim()) throw new Error('panel id is required');
  if (def.species !== Species.Canine && def.species !== Species.Feline)
    throw new Error(`panel ${def.id}: unknown species '${String(def.species)}'`);
  const byKey = new Map<string, number>();
  const byName = new Map<string, number>();
  const markers: Marker[] = [];
  let genderMarker = -1;
  const typingMarkers: number[] = [];
  def.markers.forEach((m, index) => {
    if (!Object.values(PanelMarkerType).includes(m.type))
      throw new Error(`panel ${def.id}: marker ${m.name} has unknown type '${String(m.type)}'`);
    if (m.type !== PanelMarkerType.Gender && m.type !== def.species)
      throw new Error(`panel ${def.id}: marker ${m.name} is ${m.type} on a ${def.species} panel`);
    const key = markerKey(m.name);
    for (const k of [key, ...(m.aliases ?? []).map(markerKey)]) {
      if (!k) throw new Error(`panel ${def.id}: empty marker name`);
      if (byKey.has(k) && byKey.get(k) !== index)
        throw new Error(`panel ${def.id}: marker name ${m.name} is used twice`);
      byKey.set(k, index);
    }
    if (m.type === PanelMarkerType.Gender) {
      if (genderMarker >= 0) throw new Error(`panel ${def.id}: more than one gender marker`);
      genderMarker = index;
    } else typingMarkers.push(index);
    markers.push(Object.freeze({ ...m, index, key }));
  });
  if (typingMarkers.length === 0) throw new Error(`panel ${def.id}: no typing markers`);
  // Searches count agreeing markers per profile in bytes.
  if (typingMarkers.length > 250) throw new Error(`panel ${def.id}: more than 250 typing markers`);
  const theta = def.theta ?? DEFAULT_THETA;
  const mutationRate = def.mutationRate ?? DEFAULT_MUTATION_RATE;
  if (!(theta >= 0 && theta < 0.5)) throw new Error(`panel ${def.id}: theta must be from 0 to below 0.5, got ${theta}`);
  if (!(mutationRate > 0 && mutationRate < 0.1))
    throw new Error(`panel ${def.id}: mutationRate must be above 0 and below 0.1`);
  if (!(
    def.minimumMarkers >= 1 &&
    def.minimumMarkers <= typingMarkers.length &&
    Number.isInteger(def.minimumMarkers)
  )) {
    throw new Error(`panel ${def.id}: minimumMarkers must be an integer from 1 to ${typingMarkers.length}`);
  }
  return Object.freeze({
    id: def.id,
    name: def.name,
    species: def.species,
    markers: Object.freeze(markers),
    typingMarkers: Object.freeze(typingMarkers),
    genderMarker,
    minimumMarkers: def.minimumMarkers,
    theta,
    mutationRate,
    source: def.source,
    markerIndex: (name: string) => {
      // A plate names each marker on every row: remember the names seen (bounded) rather than normalise each time.
      let index = byName.get(name);
      if (index === undefined) {
        index = byKey.get(markerKey(name)) ?? -1;
        if (byName.size < 4096) byName.set(name, index);
      }
      return index;
    },
  });
}

const dinuc = (
  name: string,
  lo: number,
  hi: number,
  type: PanelMarkerType = PanelMarkerType.Canine,
): MarkerDefinition => ({
  name,
  type,
  sizeRange: [lo, hi],
  repeatLength: 2,
});
const tetra = (name: string, lo: number, hi: number, aliases?: string[]): MarkerDefinition => ({
  name,
  type: PanelMarkerType.Canine,
  sizeRange: [lo, hi],
  repeatLength: 4,
  aliases,
});

/** Gender markers: amelogenin (X / X,Y) and the canine zinc-finger ZFX/ZFY pair, both read as X and Y. */
export const GENDER_MARKERS: readonly MarkerDefinition[] = Object.freeze([
  { name: 'Amelogenin', type: PanelMarkerType.Gender, aliases: ['AMEL', 'AMELO', 'AMELX/Y'] },
  { name: 'ZFX/Y', type: PanelMarkerType.Gender, aliases: ['ZFXY', 'ZFX', 'ZF'] },
]);

export const ISAG_2006_CANINE: Panel = definePanel({
  id: 'isag-2006-canine',
  name: 'ISAG 2006 canine',
  species: Species.Canine,
  minimumMarkers: 15,
  source: 'ISAG canine parentage panel (2006 comparison test); size ranges approximate, see docs/genetics.md',
  markers: [
    dinuc('AHT121', 68, 118),
    dinuc('AHT137', 126, 156),
    dinuc('AHTh130', 111, 141),
    dinuc('AHTh171', 215, 241),
    dinuc('AHTh260', 236, 268),
    dinuc('AHTk211', 85, 101),
    dinuc('AHTk253', 280, 300),
    dinuc('CXX279', 108, 136),
    tetra('FH2054', 139, 177),
    dinuc('FH2848', 222, 250),
    dinuc('INRA21', 85, 111),
    dinuc('INU005', 102, 136),
    dinuc('INU030', 139, 157),
    dinuc('INU055', 190, 222),
    dinuc('REN105L03', 227, 255),
    dinuc('REN162C04', 196, 220),
    dinuc('REN169D01', 198, 224),
    dinuc('REN169O18', 152, 176),
    dinuc('REN54P11', 218, 244),
    dinuc('REN64E19', 137, 159),
    dinuc('REN247M23', 258, 284),
    GENDER_MARKERS[0],
  ],
});

export const CANINE_FORENSIC_STRBASE: Panel = definePanel({
  id: 'canine-forensic-strbase',
  name: 'Canine forensic tetranucleotide (NIST STRBase)',
  species: Species.Canine,
  minimumMarkers: 13,
  source: 'NIST STRBase dog STR list (size ranges from Tom et al. 2010)',
  markers: [
    tetra('PEZ02', 104, 144),
    tetra('PEZ05', 92, 116),
    tetra('PEZ16', 281, 332),
    tetra('PEZ17', 191, 225),
    tetra('PEZ21', 83, 103),
    tetra('FH2001', 119, 160),
    tetra('FH2004', 233, 325),
    tetra('FH2010', 222, 243),
    tetra('FH2017', 257, 276),
    tetra('FH2054', 139, 177),
    tetra('FH2088', 94, 138),
    tetra('FH2107', 292, 426),
    tetra('FH2309', 340, 428),
    tetra('FH2328', 171, 213),
    tetra('FH2361', 323, 439),
    tetra('FH3313', 341, 446),
    tetra('FH3377', 183, 305),
    tetra('vWF.X', 151, 187, ['VWF']),
    GENDER_MARKERS[1],
  ],
});

export const ISAG_FELINE: Panel = definePanel({
  id: 'isag-feline',
  name: 'ISAG feline',
  species: Species.Feline,
  minimumMarkers: 7,
  source: 'ISAG cat parentage and identification panel (Lipinski et al. 2007); size ranges approximate',
  markers: [
    dinuc('FCA069', 90, 120, PanelMarkerType.Feline),
    dinuc('FCA075', 110, 140, PanelMarkerType.Feline),
    dinuc('FCA105', 180, 210, PanelMarkerType.Feline),
    dinuc('FCA149', 120, 140, PanelMarkerType.Feline),
    dinuc('FCA220', 210, 230, PanelMarkerType.Feline),
    dinuc('FCA229', 140, 175, PanelMarkerType.Feline),
    dinuc('FCA310', 110, 135, PanelMarkerType.Feline),
    dinuc('FCA441', 115, 135, PanelMarkerType.Feline),
    dinuc('FCA678', 205, 235, PanelMarkerType.Feline),
    GENDER_MARKERS[0],
  ],
});

export const BUILT_IN_PANELS: readonly Panel[] = Object.freeze([
  ISAG_2006_CANINE,
  CANINE_FORENSIC_STRBASE,
  ISAG_FELINE,
]);

export type PanelRegistry = {
  add(def: PanelDefinition | Panel): Panel;
  get(id: string): Panel | undefined;
  require(id: string): Panel;
  list(): Panel[];
};

/** A lab's panels: the built-in ones plus any it defines at run time (no code change needed). */
export function createPanelRegistry(initial: readonly Panel[] = BUILT_IN_PANELS): PanelRegistry {
  const panels = new Map<string, Panel>();
  const registry: PanelRegistry = {
    add(def) {
      const panel = 'typingMarkers' in def ? def : definePanel(def);
      if (panels.has(panel.id)) throw new Error(`panel ${panel.id} already exists`);
      panels.set(panel.id, panel);
      return panel;
    },
    get: (id) => panels.get(id),
    require(id) {
      const p = panels.get(id);
      if (!p) throw new Error(`unknown panel '${id}'`);
      return p;
    },
    list: () => [...panels.values()],
  };
  for (const p of initial) registry.add(p);
  return registry;
}
