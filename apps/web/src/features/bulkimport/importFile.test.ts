// The bulk import's file rules in the browser: header matching ('Invalid Header' naming the missing columns, unknown
// columns reported), blank rows skipped with file row numbers kept, 'No item to import', grouping and the outcome line.
import { describe, expect, test } from 'vitest';
import { BULK_IMPORT_COLUMNS, BULK_IMPORT_MESSAGES } from '@registry/contracts';
import { ImportFileError, errorRows, groupProblems, isAcceptedFile, matchColumns, summarise } from './importFile';

const columns = BULK_IMPORT_COLUMNS.map((c) => ({ name: c.name, isRequired: c.isRequired }));
const result = (rowNumber: number, problemDesc: string | null) => ({
  rowNumber,
  imported: problemDesc === null,
  problemDesc,
  problemDetails: problemDesc ? `${problemDesc} details` : null,
  addedToExistingResident: false,
  residentId: null,
});

describe('bulk import file', () => {
  test('file types: xls, xlsx, ods, csv, txt only', () => {
    expect(['a.XLS', 'b.xlsx', 'c.ods', 'd.csv', 'e.txt'].every(isAcceptedFile)).toBe(true);
    expect(isAcceptedFile('f.pdf')).toBe(false);
    expect(isAcceptedFile('xlsx')).toBe(false);
  });

  test('a missing required column is Invalid Header naming it', () => {
    const attempt = () =>
      matchColumns(
        [
          ['propertyname', 'First Name', 'Email'],
          ['P', 'A', 'a@b.c'],
        ],
        columns,
      );
    expect(attempt).toThrow(ImportFileError);
    expect(attempt).toThrow(
      expect.objectContaining({
        title: BULK_IMPORT_MESSAGES.invalidHeader,
        details: BULK_IMPORT_MESSAGES.missingColumns(['LastName']),
      }),
    );
  });

  test('columns matched without case or spaces; unknown columns reported; blank rows skipped', () => {
    const { records, unexpected } = matchColumns(
      [
        ['Property Name', 'FIRSTNAME', 'lastname', 'Notes'],
        ['Oak', ' Ann ', 'Lee', 'x'],
        ['', '', '', ''],
        ['Oak', 'Bo', 'Ray', ''],
      ],
      columns,
    );
    expect(unexpected).toEqual(['Notes']);
    expect(records).toEqual([
      { rowNumber: 2, PropertyName: 'Oak', FirstName: 'Ann', LastName: 'Lee' },
      { rowNumber: 4, PropertyName: 'Oak', FirstName: 'Bo', LastName: 'Ray' },
    ]);
  });

  test('a header and no rows is No item to import', () => {
    expect(() =>
      matchColumns(
        [
          ['PropertyName', 'FirstName', 'LastName'],
          ['', '', ''],
        ],
        columns,
      ),
    ).toThrow(BULK_IMPORT_MESSAGES.noItems);
  });

  test('problems grouped by description, largest first; outcome lines; the errors sheet', () => {
    const results = [result(2, null), result(3, 'B'), result(4, 'A'), result(5, 'B')];
    const groups = groupProblems(results, [{ rowNumber: 3, PropertyName: 'Oak', FirstName: 'X', LastName: 'Y' }]);
    expect(groups.map((g) => [g.problemDesc, g.rows.map((r) => r.result.rowNumber)])).toEqual([
      ['B', [3, 5]],
      ['A', [4]],
    ]);
    expect(summarise(results)).toMatchObject({ type: 'warning', title: 'Partial Upload' });
    expect(summarise([result(2, null)]).title).toBe('Import done: Imported all 1 rows');
    expect(summarise([result(2, 'A')])).toMatchObject({ type: 'error', title: 'Upload Failed' });
    const sheet = errorRows(groups, columns);
    expect(sheet[0]!.slice(0, 4)).toEqual(['RowNumber', 'ProblemDesc', 'ProblemDetails', 'PropertyName']);
    expect(sheet[1]!.slice(0, 6)).toEqual([3, 'B', 'B details', 'Oak', 'X', 'Y']);
  });
});
