// A list's filter row (the list-and-report kit): inline fields on a wide screen; on a phone, a "Filters" button that
// shows how many filters are set and opens the fields, so the list itself is on the first screen.
import { useState } from 'react';
import { useLocation } from '@tanstack/react-router';
import { Badge, Button, Form, type FormProps } from 'antd';
import { FilterOutlined } from '@ant-design/icons';
import { useNarrowScreen } from '../lib/layoutSettings';

/** URL keys that page or sort a list, or only name what another key already chose: not filters. */
const NOT_FILTERS = new Set(['page', 'pageSize', 'orderBy', 'ascending', 'groupName', 'tab', 'mode']);

/** How many filters the URL sets (every search key but paging and sorting). */
function activeFilterCount(search: Record<string, unknown>): number {
  return Object.entries(search).filter(
    ([key, value]) => !NOT_FILTERS.has(key) && value !== undefined && value !== null && value !== '',
  ).length;
}

export function FilterBar({
  activeCount,
  children,
  style,
  ...formProps
}: Omit<FormProps, 'layout'> & { activeCount?: number; children: React.ReactNode }) {
  const narrow = useNarrowScreen();
  const search = useLocation({ select: (location) => location.search as Record<string, unknown> });
  const count = activeCount ?? activeFilterCount(search);
  const [open, setOpen] = useState(false);
  const form = (
    <Form layout="inline" style={{ marginBottom: 16, rowGap: 8, ...style }} {...formProps}>
      {children}
    </Form>
  );
  if (!narrow) return form;
  return (
    <div className="filter-bar">
      <Button
        icon={<FilterOutlined />}
        aria-expanded={open}
        onClick={() => setOpen((was) => !was)}
        style={{ marginBottom: open ? 8 : 16 }}
      >
        Filters{' '}
        {count > 0 && (
          <Badge count={count} color="#1f6f8b" aria-label={`${count} set`} style={{ marginInlineStart: 4 }} />
        )}
      </Button>
      {open && form}
    </div>
  );
}
