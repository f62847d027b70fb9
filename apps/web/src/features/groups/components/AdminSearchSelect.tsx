import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Select, type SelectProps } from 'antd';
import { searchAdmins } from '../../admins/admins.api';

/** A Select over GET /admin/search (name typed by the user), for picking existing admins. */
export function AdminSearchSelect(props: Omit<SelectProps<number | number[]>, 'options' | 'onSearch' | 'filterOption' | 'showSearch'>) {
  const [name, setName] = useState('');
  const query = useQuery({
    queryKey: ['admins', 'search', 'picker', name],
    queryFn: () => searchAdmins({ page: 1, pageSize: 25, name, ascending: true, orderBy: 'name' } as never),
  });
  return (
    <Select
      {...props}
      showSearch={{ filterOption: false, onSearch: setName }}
      loading={query.isFetching}
      notFoundContent={query.isFetching ? 'Searching…' : 'No admins found'}
      options={(query.data?.data ?? []).map((a) => ({ value: a.id, label: `${a.fullName} (${a.userName})` }))}
    />
  );
}
