// The rent roll read with a property's column mapping and compared with its residents, without the database: each row
// checked (the bulk import's per-row problems: required values, lengths, emails, dates), then matched to a resident by
// email, else by name and unit. What differs becomes the proposal: residents to invite, to move out, to update.
import {
  BULK_IMPORT_PROBLEMS,
  RENT_ROLL_FIELDS,
  RENT_ROLL_MESSAGES,
  parseUsDate,
  type RentRollField,
  type RentRollMapping,
  type RentRollPerson,
} from '@registry/contracts';
import type { StoredRentRollProposal } from '../../db/schema/index.ts';
import { validationError } from '../../platform/errors.ts';

const RENT_ROLL_PROBLEMS = {
  missingRequired: BULK_IMPORT_PROBLEMS.missingRequired,
  tooLong: BULK_IMPORT_PROBLEMS.tooLong,
  invalidEmail: BULK_IMPORT_PROBLEMS.invalidEmail,
  invalidDate: 'Invalid date',
  listedTwice: 'Resident listed twice',
} as const;

const MAX_LENGTHS: Record<RentRollField, number> = {
  unit: 30,
  firstName: 100,
  lastName: 100,
  email: 256,
  phone: 30,
  moveIn: 40,
  moveOut: 40,
};
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const norm = (text: string) => text.replace(/\s+/g, '').toLowerCase();

export type RollRow = RentRollPerson & { rowNumber: number; moveIn: string | null; moveOut: string | null };
type Problem = StoredRentRollProposal['problems'][number];

/** A date cell as yyyy-mm-dd: ISO, or the US MM/dd/yyyy property software exports. */
function dayOf(text: string): string | null {
  if (/^\d{4}-\d{2}-\d{2}/.test(text)) {
    const date = new Date(`${text.slice(0, 10)}T00:00:00Z`);
    return Number.isNaN(date.getTime()) ? null : date.toISOString().slice(0, 10);
  }
  const us = parseUsDate(text);
  return us ? us.toISOString().slice(0, 10) : null;
}

/**
 * The file's rows keyed by the mapping: 'Invalid Header' naming every mapped column the header lacks (nothing is
 * read then), else each non-blank row as a clean row or its problem. rowNumber is the row in the file (header is 1).
 */
export function readRoll(table: string[][], mapping: RentRollMapping) {
  const header = (table[0] ?? []).map(norm);
  const mapped = RENT_ROLL_FIELDS.flatMap((f) => (mapping[f.field] ? [{ ...f, column: mapping[f.field]! }] : []));
  const missing = mapped.filter((f) => !header.includes(norm(f.column))).map((f) => f.column);
  if (missing.length)
    throw validationError({ file: [RENT_ROLL_MESSAGES.missingColumns(missing)] }, RENT_ROLL_MESSAGES.invalidHeader);
  const at = new Map(mapped.map((f) => [f.field, header.indexOf(norm(f.column))] as const));
  const rows: RollRow[] = [];
  const problems: Problem[] = [];
  table.slice(1).forEach((cells, i) => {
    if (!cells.some((cell) => cell.trim() !== '')) return;
    const rowNumber = i + 2;
    const value = (field: RentRollField) => {
      const index = at.get(field);
      return index === undefined ? '' : (cells[index] ?? '').trim();
    };
    const problem = (problemDesc: string, problemDetails: string) =>
      problems.push({ rowNumber, problemDesc, problemDetails });
    const missingValues = RENT_ROLL_FIELDS.filter((f) => f.isRequired && value(f.field) === '').map((f) => f.label);
    if (missingValues.length)
      return problem(RENT_ROLL_PROBLEMS.missingRequired, `${missingValues.join(', ')} required.`);
    const tooLong = RENT_ROLL_FIELDS.filter((f) => value(f.field).length > MAX_LENGTHS[f.field]).map(
      (f) => `${f.label} (at most ${MAX_LENGTHS[f.field]} characters)`,
    );
    if (tooLong.length) return problem(RENT_ROLL_PROBLEMS.tooLong, tooLong.join(', '));
    const email = value('email');
    if (email && !EMAIL.test(email))
      return problem(RENT_ROLL_PROBLEMS.invalidEmail, `'${email}' is not an email address.`);
    const dates: Record<'moveIn' | 'moveOut', string | null> = { moveIn: null, moveOut: null };
    for (const field of ['moveIn', 'moveOut'] as const) {
      const text = value(field);
      if (!text) continue;
      dates[field] = dayOf(text);
      if (!dates[field]) return problem(RENT_ROLL_PROBLEMS.invalidDate, `'${text}' is not a date (use MM/dd/yyyy).`);
    }
    rows.push({
      rowNumber,
      firstName: value('firstName'),
      lastName: value('lastName'),
      unit: value('unit'),
      email: email ? email.toLowerCase() : null,
      phone: value('phone') || null,
      ...dates,
    });
  });
  return { rows, problems };
}

export type Resident = {
  id: number;
  firstName: string;
  lastName: string;
  email: string | null;
  phoneNumber: string | null;
  unitNumber: string | null;
};
const personOf = (r: Resident): RentRollPerson => ({
  firstName: r.firstName,
  lastName: r.lastName,
  unit: r.unitNumber,
  email: r.email,
  phone: r.phoneNumber,
});
const nameKey = (first: string, last: string, unit: string | null) =>
  `${first.trim().toLowerCase()}|${last.trim().toLowerCase()}|${(unit ?? '').trim().toLowerCase()}`;

/** The contact fields a roll may change, and how two values compare (emails without regard to case). */
const CONTACT = [
  { field: 'firstName', label: 'First name', roll: (r: RollRow) => r.firstName, held: (r: Resident) => r.firstName },
  { field: 'lastName', label: 'Last name', roll: (r: RollRow) => r.lastName, held: (r: Resident) => r.lastName },
  { field: 'unitNumber', label: 'Unit', roll: (r: RollRow) => r.unit, held: (r: Resident) => r.unitNumber },
  { field: 'email', label: 'Email', roll: (r: RollRow) => r.email, held: (r: Resident) => r.email },
  { field: 'phoneNumber', label: 'Phone', roll: (r: RollRow) => r.phone, held: (r: Resident) => r.phoneNumber },
] as const;
export type ContactField = (typeof CONTACT)[number]['field'];
const same = (a: string | null, b: string | null) => (a ?? '').trim().toLowerCase() === (b ?? '').trim().toLowerCase();

/**
 * The proposal: rows matching no resident are additions (invited when they have an email the property has not invited
 * yet and the property has a pre-registration link); residents matched by no row, or by a row whose move-out date has
 * passed, are leavers; matched residents whose roll values differ are changes. A blank roll value never clears a held
 * one (a roll without phones does not erase them).
 */
export function proposeChanges(input: {
  rows: RollRow[];
  problems: Problem[];
  residents: Resident[];
  invited: Set<string>;
  canInvite: boolean;
  today: string;
  fileName: string;
  rowCount: number;
}): StoredRentRollProposal {
  const byEmail = new Map<string, Resident>();
  const byName = new Map<string, Resident>();
  for (const r of input.residents) {
    if (r.email && !byEmail.has(r.email.toLowerCase())) byEmail.set(r.email.toLowerCase(), r);
    const key = nameKey(r.firstName, r.lastName, r.unitNumber);
    if (!byName.has(key)) byName.set(key, r);
  }
  const seen = new Set<number>();
  const problems = [...input.problems];
  const proposal: StoredRentRollProposal = {
    fileName: input.fileName,
    rowCount: input.rowCount,
    unchanged: 0,
    alreadyInvited: 0,
    additions: [],
    leavers: [],
    changes: [],
    problems,
  };
  const additionEmails = new Set<string>();
  for (const row of input.rows) {
    const resident =
      (row.email ? byEmail.get(row.email) : undefined) ?? byName.get(nameKey(row.firstName, row.lastName, row.unit));
    const person: RentRollPerson = {
      firstName: row.firstName,
      lastName: row.lastName,
      unit: row.unit,
      email: row.email,
      phone: row.phone,
    };
    const leaving = row.moveOut !== null && row.moveOut <= input.today;
    if (resident && seen.has(resident.id)) {
      problems.push({
        rowNumber: row.rowNumber,
        problemDesc: RENT_ROLL_PROBLEMS.listedTwice,
        problemDetails: `${row.firstName} ${row.lastName} is on an earlier row of the roll too.`,
      });
      continue;
    }
    if (!resident) {
      if (leaving) proposal.unchanged++;
      else if (row.email && input.invited.has(row.email)) proposal.alreadyInvited++;
      else if (row.email && additionEmails.has(row.email))
        problems.push({
          rowNumber: row.rowNumber,
          problemDesc: RENT_ROLL_PROBLEMS.listedTwice,
          problemDetails: `${row.email} is on an earlier row of the roll too.`,
        });
      else {
        if (row.email) additionEmails.add(row.email);
        proposal.additions.push({ rowNumber: row.rowNumber, person, invite: Boolean(row.email) && input.canInvite });
      }
      continue;
    }
    seen.add(resident.id);
    if (leaving) {
      proposal.leavers.push({ residentId: resident.id, person: personOf(resident), moveOutDate: row.moveOut });
      continue;
    }
    const changes = CONTACT.flatMap((c) => {
      const to = c.roll(row);
      const from = c.held(resident);
      return to && !same(to, from) ? [{ field: c.field, label: c.label, from, to }] : [];
    });
    if (changes.length) proposal.changes.push({ residentId: resident.id, rowNumber: row.rowNumber, person, changes });
    else proposal.unchanged++;
  }
  for (const r of input.residents)
    if (!seen.has(r.id)) proposal.leavers.push({ residentId: r.id, person: personOf(r), moveOutDate: null });
  problems.sort((a, b) => a.rowNumber - b.rowNumber);
  return proposal;
}
