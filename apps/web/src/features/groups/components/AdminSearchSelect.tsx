import { useState } from 'react';
import { Select, type SelectProps } from 'antd';
import { useInfiniteList } from '../../../components/useInfiniteList';
import { searchAdmins } from '../../admins/admins.api';

export interface KnownAdmin {
  value: number;
  label: string;
}

/**
 * A Select over GET /admin/search (name typed by the user), for picking existing admins. `known` adds admins chosen
 * another way (e.g. taken from an email offer), so their names show even when the search has not listed them.
 */
export function AdminSearchSelect({
  known = [],
  ...props
}: Omit<SelectProps<number | number[]>, 'options' | 'onSearch' | 'filterOption' | 'showSearch'> & {
  known?: KnownAdmin[];
}) {
  const [name, setName] = useState('');
  // A long pick list: infinite scroll, 100 admins a page (spec 1 §9).
  const list = useInfiniteList(['admins', 'search', 'picker', name], (page, pageSize) =>
    searchAdmins({ page, pageSize, name, email: undefined, ascending: true, orderBy: 'name' }),
  );
  const found = list.items.map((a) => ({ value: a.id, label: `${a.fullName} (${a.userName})` }));
  // Only the chosen ones: a known admin should not show up in the results of an unrelated search.
  const chosen = new Set([props.value ?? []].flat());
  const options = [...found, ...known.filter((k) => chosen.has(k.value) && !found.some((f) => f.value === k.value))];
  return (
    <Select
      {...props}
      showSearch={{ filterOption: false, onSearch: setName }}
      onPopupScroll={list.onScroll}
      loading={list.isFetching}
      notFoundContent={list.isFetching ? 'Searching…' : 'No admins found'}
      options={options}
    />
  );
}
