import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Select, type SelectProps } from 'antd';
import { searchAdmins } from '../../admins/admins.api';

export interface KnownAdmin {
  value: number;
  label: string;
}

/**
 * A Select over GET /admin/search (name typed by the user), for picking existing admins. `known` adds admins chosen
 * another way (e.g. taken from an email offer), so their names show even when the search has not listed them.
 */
export function AdminSearchSelect({ known = [], ...props }: Omit<SelectProps<number | number[]>, 'options' | 'onSearch' | 'filterOption' | 'showSearch'> & { known?: KnownAdmin[] }) {
  const [name, setName] = useState('');
  const query = useQuery({
    queryKey: ['admins', 'search', 'picker', name],
    queryFn: () => searchAdmins({ page: 1, pageSize: 25, name, email: undefined, ascending: true, orderBy: 'name' }),
  });
  const found = (query.data?.data ?? []).map((a) => ({ value: a.id, label: `${a.fullName} (${a.userName})` }));
  // Only the chosen ones: a known admin should not show up in the results of an unrelated search.
  const chosen = new Set([props.value ?? []].flat());
  const options = [...found, ...known.filter((k) => chosen.has(k.value) && !found.some((f) => f.value === k.value))];
  return (
    <Select
      {...props}
      showSearch={{ filterOption: false, onSearch: setName }}
      loading={query.isFetching}
      notFoundContent={query.isFetching ? 'Searching…' : 'No admins found'}
      options={options}
    />
  );
}
