// Reads the database functions out of SQL text: each CREATE [OR REPLACE] FUNCTION statement by name, the last one
// winning and a DROP FUNCTION removing it, so the migrations' current definitions can be compared with db/functions/.
import fs from 'node:fs';
import path from 'node:path';

export const root = path.resolve(import.meta.dirname, '..');
export const migrationsDir = path.join(root, 'apps/server/src/db/migrations');
export const functionsDir = path.join(root, 'apps/server/src/db/functions');

const createAt = /^[ \t]*CREATE\s+(?:OR\s+REPLACE\s+)?FUNCTION\s+((?:"?\w+"?\.)?"?\w+"?)\s*\(/gim;
const dropAt = /^[ \t]*DROP\s+FUNCTION\s+(?:IF\s+EXISTS\s+)?((?:"?\w+"?\.)?"?\w+"?)/gim;

/** A function's name as PostgreSQL keys it here: unquoted, lower case, without the public schema. */
const nameOf = (written: string) =>
  written
    .replaceAll('"', '')
    .toLowerCase()
    .replace(/^public\./, '');

/** The statement from CREATE to the semicolon after the body's closing dollar quote (a body holds semicolons). */
function statementAt(sql: string, start: number): string {
  const opening = /\$(\w*)\$/g;
  opening.lastIndex = start;
  const tag = opening.exec(sql);
  if (!tag) throw new Error(`A CREATE FUNCTION without a dollar-quoted body: ${sql.slice(start, start + 80)}`);
  const close = sql.indexOf(tag[0], tag.index + tag[0].length);
  if (close < 0) throw new Error(`An unclosed ${tag[0]} body: ${sql.slice(start, start + 80)}`);
  const end = sql.indexOf(';', close + tag[0].length);
  return sql.slice(start, end < 0 ? sql.length : end + 1);
}

/**
 * Applies one SQL text's function statements, in order, to `defined` (name to statement): a CREATE sets the name's
 * statement, a DROP FUNCTION removes it.
 */
export function applyFunctionStatements(sql: string, defined = new Map<string, string>()): Map<string, string> {
  const events: { at: number; name: string; statement?: string }[] = [];
  for (const match of sql.matchAll(createAt)) {
    events.push({ at: match.index, name: nameOf(match[1]!), statement: statementAt(sql, match.index) });
  }
  for (const match of sql.matchAll(dropAt)) events.push({ at: match.index, name: nameOf(match[1]!) });
  for (const event of events.sort((a, b) => a.at - b.at)) {
    if (event.statement === undefined) defined.delete(event.name);
    else defined.set(event.name, event.statement.trim());
  }
  return defined;
}

/** Two definitions compare equal when they differ only in whitespace and in CREATE against CREATE OR REPLACE. */
export const normalisedDefinition = (statement: string) =>
  statement
    .trim()
    .replace(/^CREATE\s+(?:OR\s+REPLACE\s+)?FUNCTION/i, 'CREATE OR REPLACE FUNCTION')
    .replace(/\s+/g, ' ');

/** Every function the migrations define now, from their last statement (migrations run in file-name order). */
export function migrationFunctions(): Map<string, string> {
  const defined = new Map<string, string>();
  const files = fs
    .readdirSync(migrationsDir)
    .filter((name) => name.endsWith('.sql'))
    .sort();
  for (const file of files) applyFunctionStatements(fs.readFileSync(path.join(migrationsDir, file), 'utf8'), defined);
  return defined;
}

/** The files of db/functions by function name (the file name without .sql), each with its text. */
export function functionFiles(): Map<string, string> {
  const files = new Map<string, string>();
  if (!fs.existsSync(functionsDir)) return files;
  for (const file of fs
    .readdirSync(functionsDir)
    .filter((name) => name.endsWith('.sql'))
    .sort()) {
    files.set(file.slice(0, -'.sql'.length), fs.readFileSync(path.join(functionsDir, file), 'utf8'));
  }
  return files;
}
