// The lab's panels: the engine's built-in panels and the panels the lab defined (stored in dna_lab_panels, loaded into
// the engine's registry at start-up and when one is missing), as data (GET/POST /dnapanel); and codes stored as
// integer arrays read back into engine profiles.
import crypto from 'node:crypto';
import type { z } from 'zod';
import {
  BUILT_IN_PANELS,
  PanelMarkerType,
  createPanelRegistry,
  definePanel,
  type DnaProfile,
  type Panel,
  type PanelDefinition,
} from '@registry/genetics';
import type { panelCreate } from '@registry/contracts';
import type { Db } from '../../db/client.ts';
import { writeAudit } from '../../platform/audit.ts';
import { withTransaction, type SignedInContext } from '../../platform/context.ts';
import { validationError } from '../../platform/errors.ts';
import { assertCan } from '../../platform/rights.ts';
import * as q from './panels.queries.ts';

export const panels = createPanelRegistry();
const builtIn = new Set(BUILT_IN_PANELS.map((p) => p.id));

function panelView(panel: Panel) {
  return {
    id: panel.id,
    name: panel.name,
    species: panel.species,
    minimumMarkers: panel.minimumMarkers,
    markers: panel.markers.map((m) => ({ name: m.name, type: m.type })),
    isLabDefined: !builtIn.has(panel.id),
  };
}

function labPanelDefinition(row: Omit<q.LabPanelRecord, 'createdBy' | 'dateCreated'>): PanelDefinition {
  const species = row.species as PanelDefinition['species'];
  return {
    id: row.id,
    name: row.name,
    species,
    minimumMarkers: row.minimumMarkers,
    source: 'Defined by the lab',
    markers: row.markers.map((m) => ({
      name: m.name,
      type: m.isGenderMarker ? PanelMarkerType.Gender : species,
      ...(m.bins.length ? { bins: m.bins } : {}),
    })),
  };
}

/** Adds the stored lab panels this process does not know yet (another process may have defined one). */
export async function loadLabPanels(db: Db): Promise<void> {
  for (const row of await q.labPanels(db)) if (!panels.get(row.id)) panels.add(labPanelDefinition(row));
}

/** The panel of an id the client sent, looking in the stored lab panels when this process does not know it. */
export async function findPanel(db: Db, panelId: string, field = 'panelId'): Promise<Panel> {
  if (!panels.get(panelId)) await loadLabPanels(db);
  return requirePanel(panelId, field);
}

export async function listPanels(ctx: SignedInContext) {
  assertCan(ctx, 'dna.view');
  await loadLabPanels(ctx.db);
  return panels.list().map(panelView);
}

/** POST /dnapanel: the engine checks the definition (names unique, one gender marker, minimum markers) before storing. */
export async function createPanel(ctx: SignedInContext, body: z.output<typeof panelCreate>) {
  assertCan(ctx, 'dna.manage');
  const slug =
    body.name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
      .slice(0, 40) || 'panel';
  const row = {
    id: `lab-${slug}-${crypto.randomBytes(3).toString('hex')}`,
    name: body.name,
    species: body.species,
    minimumMarkers: body.minimumMarkers,
    markers: body.markers.map((m) => ({ name: m.name, isGenderMarker: m.isGenderMarker, bins: m.bins })),
  };
  let panel: Panel;
  try {
    panel = definePanel(labPanelDefinition(row));
  } catch (error) {
    throw validationError({ markers: [(error as Error).message.replace(/^panel [^:]+: /, '')] });
  }
  if (await q.labPanelNameTaken(ctx.db, body.name))
    throw validationError({ name: [`A panel named '${body.name}' exists already.`] });
  await withTransaction(ctx, async (tx) => {
    await q.insertLabPanel(tx, { ...row, createdBy: ctx.caller.userId });
    await writeAudit(tx, ctx, { entityType: 'DnaPanel', entityId: row.id, actionType: 'Create', after: row });
  });
  if (!panels.get(panel.id)) panels.add(panel);
  return panelView(panel);
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
