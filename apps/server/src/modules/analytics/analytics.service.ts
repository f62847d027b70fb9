// Program and lab analytics: the group (in the caller's scope, else 404; a property, firm or distributorship, else
// 400), the period and the one just before it (the same number of days, ending the day before the period starts), and
// each figure read by analytics.queries.ts (the lab's by analytics-lab.queries.ts, from the tallies the writes keep).
// The export writes the same figures, one line each, beside the previous period's (platform/exports.ts).
import {
  ANALYTICS_GROUP_TYPES,
  ANALYTICS_MESSAGES,
  type DurationStats,
  type LabFigures,
  type ProgramFigures,
} from '@registry/contracts';
import type { SignedInContext } from '../../platform/context.ts';
import { validationError } from '../../platform/errors.ts';
import { arrayBatches, fileTimestamp, type ExportColumn, type ExportSpec } from '../../platform/exports.ts';
import { assertCan } from '../../platform/rights.ts';
import { loadGroupInScope } from '../../platform/scope.ts';
import * as lab from './analytics-lab.queries.ts';
import * as q from './analytics.queries.ts';

type PeriodInput = { startDate: string; endDate: string };
const DAY_MS = 86_400_000;
const dayText = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The chosen period (end day included) and the one before it, of the same length. */
function periods(input: PeriodInput) {
  const start = Date.parse(`${input.startDate}T00:00:00Z`);
  const end = Date.parse(`${input.endDate}T00:00:00Z`);
  const days = Math.round((end - start) / DAY_MS) + 1;
  const current = { startDate: input.startDate, endDate: input.endDate };
  const previous = { startDate: dayText(start - days * DAY_MS), endDate: dayText(start - DAY_MS) };
  const range = (p: PeriodInput): q.Period => ({
    start: p.startDate,
    endExclusive: dayText(Date.parse(`${p.endDate}T00:00:00Z`) + DAY_MS),
  });
  return { current, previous, range };
}

type Point = { period: string; count: number };
/** Every month ('YYYY-MM') of the period, with its count or 0, so a chart shows the quiet months too. */
function everyMonth(p: PeriodInput, points: Point[]): Point[] {
  const counts = new Map(points.map((x) => [x.period, x.count]));
  const out: Point[] = [];
  const end = p.endDate.slice(0, 7);
  for (let d = new Date(`${p.startDate.slice(0, 7)}-01T00:00:00Z`); ; d.setUTCMonth(d.getUTCMonth() + 1)) {
    const month = d.toISOString().slice(0, 7);
    if (month > end) break;
    out.push({ period: month, count: counts.get(month) ?? 0 });
  }
  return out;
}
/** Every ISO week (its Monday, 'YYYY-MM-DD') the period touches, with its count or 0. */
function everyWeek(p: PeriodInput, points: Point[]): Point[] {
  const counts = new Map(points.map((x) => [x.period, x.count]));
  const start = Date.parse(`${p.startDate}T00:00:00Z`);
  const monday = start - ((new Date(start).getUTCDay() + 6) % 7) * DAY_MS;
  const out: Point[] = [];
  for (let t = monday; t <= Date.parse(`${p.endDate}T00:00:00Z`); t += 7 * DAY_MS) {
    const week = dayText(t);
    out.push({ period: week, count: counts.get(week) ?? 0 });
  }
  return out;
}

async function programGroup(ctx: SignedInContext, groupId: number) {
  assertCan(ctx, 'analytics.view');
  const group = await loadGroupInScope(ctx, groupId);
  if (!ANALYTICS_GROUP_TYPES.includes(group.groupType))
    throw validationError({ groupId: [ANALYTICS_MESSAGES.notAProgramGroup] }, ANALYTICS_MESSAGES.notAProgramGroup);
  return group;
}

/** Both periods' figures: each statement reads the two periods' rows at once. */
async function programFigures(ctx: SignedInContext, path: string, input: PeriodInput) {
  const { current, previous, range } = periods(input);
  const spans = { current: range(current), previous: range(previous) };
  const [samples, dogs] = await Promise.all([
    q.programSamples(ctx.db, path, spans),
    q.programDogs(ctx.db, path, spans),
  ]);
  const figures = (p: PeriodInput, which: 'current' | 'previous'): ProgramFigures => {
    const { collectedPerMonth, results, ...rest } = samples[which];
    const decided = results.match + results.noMatch;
    return {
      startDate: p.startDate,
      endDate: p.endDate,
      collected: rest.collected,
      collectedPerMonth: everyMonth(p, collectedPerMonth),
      results,
      matchRate: decided === 0 ? null : results.match / decided,
      ...dogs[which],
      repeatDogs: rest.repeatDogs,
      turnaround: rest.turnaround,
      notices: null,
    };
  };
  return { current: figures(current, 'current'), previous: figures(previous, 'previous') };
}

export async function programAnalytics(ctx: SignedInContext, query: PeriodInput & { groupId: number }) {
  const group = await programGroup(ctx, query.groupId);
  const figures = await programFigures(ctx, group.path, query);
  return { group: { id: group.id, name: group.name, groupType: group.groupType }, ...figures };
}

async function labFigures(ctx: SignedInContext, p: PeriodInput, period: q.Period): Promise<LabFigures> {
  const [received, plates, typed, receipt] = await Promise.all([
    lab.receivedPerWeek(ctx.db, period),
    lab.plates(ctx.db, period),
    lab.typedSamples(ctx.db, period),
    lab.receiptTurnaround(ctx.db, period),
  ]);
  const plateCount = plates.reduce((sum, w) => sum + w.plates, 0);
  const failures = plates.reduce((sum, w) => sum + w.failures, 0);
  const share = (n: number) => (typed.typed === 0 ? null : n / typed.typed);
  return {
    startDate: p.startDate,
    endDate: p.endDate,
    received: received.reduce((sum, w) => sum + w.count, 0),
    receivedPerWeek: everyWeek(p, received),
    plates: plateCount,
    platesPerWeek: everyWeek(
      p,
      plates.map((w) => ({ period: w.period, count: w.plates })),
    ),
    turnaround: {
      collectedToReceived: receipt,
      receivedToTyped: typed.receivedToTyped,
      typedToApproved: typed.typedToApproved,
    },
    samplesTyped: typed.typed,
    rerunRate: share(typed.reruns),
    reswabRate: share(typed.reswabs),
    noResultRate: share(typed.noResults),
    controlFailures: failures,
    controlFailuresPerPlate: plateCount === 0 ? null : failures / plateCount,
  };
}

export async function labAnalytics(ctx: SignedInContext, query: PeriodInput) {
  assertCan(ctx, 'analytics.lab');
  const { current, previous, range } = periods(query);
  const [now, before] = await Promise.all([
    labFigures(ctx, current, range(current)),
    labFigures(ctx, previous, range(previous)),
  ]);
  return { current: now, previous: before };
}

// --- exports: one line per figure, this period beside the previous one ---
type Line = { section: string; figure: string; current: number | null; previous: number | null };
const round = (value: number | null, digits = 1) =>
  value === null ? null : Math.round(value * 10 ** digits) / 10 ** digits;
const percent = (value: number | null) => (value === null ? null : round(value * 100));
const days = (value: number | null) => (value === null ? null : round(value / 24, 2));
const LINE_COLUMNS: ExportColumn<Line>[] = [
  { header: 'Section', width: 20, value: (l) => l.section },
  { header: 'Figure', width: 40, value: (l) => l.figure },
  { header: 'This period', type: 'number', value: (l) => l.current },
  { header: 'Previous period', type: 'number', value: (l) => l.previous },
];
const turnaroundLines = (label: string, now: DurationStats, before: DurationStats): Line[] => [
  {
    section: 'Turnaround',
    figure: `${label}: median (days)`,
    current: days(now.medianHours),
    previous: days(before.medianHours),
  },
  {
    section: 'Turnaround',
    figure: `${label}: 90th percentile (days)`,
    current: days(now.p90Hours),
    previous: days(before.p90Hours),
  },
  { section: 'Turnaround', figure: `${label}: samples`, current: now.count, previous: before.count },
];
/** A series as lines, one per period present in either (the previous period's months line up by position). */
const seriesLines = (
  section: string,
  now: { period: string; count: number }[],
  before: { period: string; count: number }[],
) =>
  now.map((point, i): Line => ({
    section,
    figure: point.period,
    current: point.count,
    previous: before[i]?.count ?? null,
  }));

function programLines(now: ProgramFigures, before: ProgramFigures): Line[] {
  const line = (section: string, figure: string, pick: (f: ProgramFigures) => number | null): Line => ({
    section,
    figure,
    current: pick(now),
    previous: pick(before),
  });
  return [
    line(
      'Period',
      `From ${now.startDate} to ${now.endDate} (previous: ${before.startDate} to ${before.endDate})`,
      () => null,
    ),
    line('Samples', 'Waste samples collected', (f) => f.collected),
    line('Results', 'Match', (f) => f.results.match),
    line('Results', 'No match', (f) => f.results.noMatch),
    line('Results', 'Fail', (f) => f.results.fail),
    line('Results', 'Other results', (f) => f.results.other),
    line('Results', 'Match rate (%)', (f) => percent(f.matchRate)),
    line('Dogs', 'Dogs registered', (f) => f.dogsRegistered),
    line('Dogs', 'Dogs declared at pre-registration', (f) => f.dogsDeclared),
    line('Dogs', 'Repeat dogs (matched two or more times)', (f) => f.repeatDogs),
    ...turnaroundLines(
      'Collected to received',
      now.turnaround.collectedToReceived,
      before.turnaround.collectedToReceived,
    ),
    ...turnaroundLines(
      'Received to result approved',
      now.turnaround.receivedToApproved,
      before.turnaround.receivedToApproved,
    ),
    ...turnaroundLines(
      'Collected to result approved',
      now.turnaround.collectedToApproved,
      before.turnaround.collectedToApproved,
    ),
    ...seriesLines('Collected per month', now.collectedPerMonth, before.collectedPerMonth),
  ];
}

export async function programAnalyticsExport(
  ctx: SignedInContext,
  query: PeriodInput & { groupId: number },
): Promise<ExportSpec<Line>> {
  const figures = await programAnalytics(ctx, query);
  const lines = programLines(figures.current, figures.previous);
  return {
    fileName: `Program_Analytics_${figures.group.name}_${fileTimestamp()}`,
    sheetName: 'Program analytics',
    columns: LINE_COLUMNS,
    totalRows: lines.length,
    batches: arrayBatches(lines),
  };
}

function labLines(now: LabFigures, before: LabFigures): Line[] {
  const line = (section: string, figure: string, pick: (f: LabFigures) => number | null): Line => ({
    section,
    figure,
    current: pick(now),
    previous: pick(before),
  });
  return [
    line(
      'Period',
      `From ${now.startDate} to ${now.endDate} (previous: ${before.startDate} to ${before.endDate})`,
      () => null,
    ),
    line('Samples', 'Samples received', (f) => f.received),
    line('Samples', 'Samples typed', (f) => f.samplesTyped),
    line('Samples', 'Rerun rate (%)', (f) => percent(f.rerunRate)),
    line('Samples', 'Reswab rate (%)', (f) => percent(f.reswabRate)),
    line('Samples', 'No-result rate (%)', (f) => percent(f.noResultRate)),
    line('Plates', 'Plates', (f) => f.plates),
    line('Plates', 'Control failures', (f) => f.controlFailures),
    line('Plates', 'Control failures per plate', (f) => round(f.controlFailuresPerPlate, 2)),
    ...turnaroundLines(
      'Collected to received',
      now.turnaround.collectedToReceived,
      before.turnaround.collectedToReceived,
    ),
    ...turnaroundLines('Received to typed', now.turnaround.receivedToTyped, before.turnaround.receivedToTyped),
    ...turnaroundLines('Typed to approved', now.turnaround.typedToApproved, before.turnaround.typedToApproved),
    ...seriesLines('Received per week', now.receivedPerWeek, before.receivedPerWeek),
    ...seriesLines('Plates per week', now.platesPerWeek, before.platesPerWeek),
  ];
}

export async function labAnalyticsExport(ctx: SignedInContext, query: PeriodInput): Promise<ExportSpec<Line>> {
  const figures = await labAnalytics(ctx, query);
  const lines = labLines(figures.current, figures.previous);
  return {
    fileName: `Lab_Analytics_${fileTimestamp()}`,
    sheetName: 'Lab analytics',
    columns: LINE_COLUMNS,
    totalRows: lines.length,
    batches: arrayBatches(lines),
  };
}
