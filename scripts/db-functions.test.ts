// The database functions (trigger functions and their helpers) are read in apps/server/src/db/functions/<name>.sql,
// one file each; the migrations are what the database runs. This keeps the two the same: a migration that changes a
// function without its file, a file changed without a migration, or a new function without a file fails here.
import { describe, expect, test } from 'vitest';
import { applyFunctionStatements, functionFiles, migrationFunctions, normalisedDefinition } from './db-functions.ts';

const migrations = migrationFunctions();
const files = functionFiles();

describe('db/functions', () => {
  test('every function the migrations define has its file, and every file a function', () => {
    expect(migrations.size).toBeGreaterThan(0);
    expect([...files.keys()].sort()).toEqual([...migrations.keys()].sort());
  });

  test.each([...files.keys()])('%s.sql holds the last definition of its function in the migrations', (name) => {
    const inFile = applyFunctionStatements(files.get(name)!);
    expect([...inFile.keys()], 'one CREATE FUNCTION, named as the file').toEqual([name]);
    const current = migrations.get(name);
    expect(current, `no migration defines ${name}`).toBeDefined();
    expect(normalisedDefinition(inFile.get(name)!)).toBe(normalisedDefinition(current!));
  });
});

describe('reading function statements', () => {
  const body = (n: number) => `RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN PERFORM ${n}; RETURN NULL; END $$;`;

  test('the last CREATE wins, a DROP removes, and a body ends at its closing dollar quote', () => {
    const defined = applyFunctionStatements(
      [
        `CREATE FUNCTION a() ${body(1)}`,
        '--> statement-breakpoint',
        `CREATE FUNCTION "public"."b"() ${body(2)}`,
        `-- a comment naming CREATE FUNCTION c() is not a definition`,
        `create or replace function a() ${body(3)}`,
        `DROP FUNCTION IF EXISTS b;`,
      ].join('\n'),
    );
    expect([...defined.keys()]).toEqual(['a']);
    expect(defined.get('a')).toBe(`create or replace function a() ${body(3)}`);
  });

  test('a tagged body may hold $$ and semicolons', () => {
    const statement = `CREATE FUNCTION t() RETURNS text LANGUAGE sql AS $fn$ SELECT '$$;' $fn$;`;
    expect(applyFunctionStatements(`${statement}\nSELECT 1;`).get('t')).toBe(statement);
  });

  test('definitions compare equal across whitespace and OR REPLACE, and differ on any other change', () => {
    const migration = `CREATE FUNCTION a()\n  ${body(1)}`;
    expect(normalisedDefinition(`CREATE OR REPLACE FUNCTION a() ${body(1)}`)).toBe(normalisedDefinition(migration));
    expect(normalisedDefinition(`CREATE OR REPLACE FUNCTION a() ${body(2)}`)).not.toBe(normalisedDefinition(migration));
  });
});
