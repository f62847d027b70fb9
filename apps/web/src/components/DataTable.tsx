// Every table of the app: it scrolls sideways inside itself instead of widening the page, and its row actions column
// stays pinned to the right edge, so the actions are visible at every width (phone and laptop alike).
import { useMemo } from 'react';
import { Table, type TableProps } from 'antd';

/** Column keys of row actions; such a column is pinned to the right. */
export const ROW_ACTION_KEYS: readonly string[] = ['actions', 'remove'];

export function DataTable<Row extends object>({ columns, scroll, ...props }: TableProps<Row>) {
  const pinned = useMemo(
    () =>
      columns?.map((col) =>
        col.key !== undefined && ROW_ACTION_KEYS.includes(String(col.key)) && col.fixed === undefined
          ? { ...col, fixed: 'right' as const }
          : col,
      ),
    [columns],
  );
  return <Table<Row> {...props} columns={pinned} scroll={{ x: 'max-content', ...scroll }} />;
}
