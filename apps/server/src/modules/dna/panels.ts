// The lab's panels: the engine's built-in panels as data (GET /dnapanel), and codes stored as integer arrays read back
// into engine profiles.
import { createPanelRegistry, type DnaProfile, type Panel } from '@registry/genetics';
import { validationError } from '../../platform/errors.ts';

export const panels = createPanelRegistry();

export function panelView(panel: Panel) {
  return {
    id: panel.id,
    name: panel.name,
    species: panel.species,
    minimumMarkers: panel.minimumMarkers,
    markers: panel.markers.map((m) => ({ name: m.name, type: m.type })),
  };
}

/** The panel of an id the client sent: an unknown one is a 400 naming the field. */
export function requirePanel(panelId: string, field = 'panelId'): Panel {
  const panel = panels.get(panelId);
  if (!panel) throw validationError({ [field]: [`Unknown panel '${panelId}'.`] });
  return panel;
}

export const panelName = (panelId: string) => panels.get(panelId)?.name ?? panelId;

export function profileFromCodes(panel: Panel, codes: readonly number[]): DnaProfile {
  const out = new Uint16Array(panel.markers.length * 2);
  for (let i = 0; i < out.length && i < codes.length; i++) out[i] = codes[i];
  return { panel, codes: out };
}

/** Typing markers with no call: the row's "missing" list. */
export function missingMarkers(profile: DnaProfile): string[] {
  return profile.panel.typingMarkers
    .filter((m) => profile.codes[2 * m] === 0 && profile.codes[2 * m + 1] === 0)
    .map((m) => profile.panel.markers[m].name);
}

/** Markers called on both profiles whose genotypes differ (a sample typed before that disagrees). */
export function differingMarkers(a: DnaProfile, b: DnaProfile): string[] {
  const out: string[] = [];
  for (const m of a.panel.typingMarkers) {
    const [a1, a2, b1, b2] = [a.codes[2 * m], a.codes[2 * m + 1], b.codes[2 * m], b.codes[2 * m + 1]];
    if ((a1 === 0 && a2 === 0) || (b1 === 0 && b2 === 0)) continue;
    if (a1 !== b1 || a2 !== b2) out.push(a.panel.markers[m].name);
  }
  return out;
}
