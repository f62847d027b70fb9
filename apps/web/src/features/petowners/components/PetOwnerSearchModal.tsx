import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { App, Button, Form, Modal, Space } from 'antd';
import { Messages, petOwnerSearchQuery as searchFields, type PetOwnerSearchRow } from '@registry/contracts';
import { SchemaTextInput } from '../../../components/MaxLengthInput';
import { petOwnerSearchQuery } from '../petowners.api';
import { ErrorPresenter } from '../../../components/ErrorPresenter';
import { SelectOneTable } from '../../../components/SelectOneTable';

const PET_OWNER_SEARCH_PAGE_SIZE = 10;

export interface PetOwnerSearchModalProps {
  open: boolean;
  title?: string;
  okText?: string;
  onSelect: (owner: PetOwnerSearchRow) => void;
  onCancel: () => void;
}

/** Finds one pet owner by name or user name; choosing one is required to continue. */
export function PetOwnerSearchModal({
  open,
  title = 'Find a pet owner',
  okText = 'Select',
  onSelect,
  onCancel,
}: PetOwnerSearchModalProps) {
  const { notification } = App.useApp();
  const [filters, setFilters] = useState<{ name?: string; userName?: string }>({});
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<PetOwnerSearchRow | null>(null);
  const [form] = Form.useForm();

  const query = useQuery({
    ...petOwnerSearchQuery({ page, pageSize: PET_OWNER_SEARCH_PAGE_SIZE, ...filters }),
    enabled: open,
    placeholderData: keepPreviousData,
  });

  const confirm = () => {
    if (!selected) {
      notification.warning({ title: Messages.noPetOwnerSelectedTitle, description: Messages.noPetOwnerSelectedText });
      return;
    }
    onSelect(selected);
  };

  return (
    <Modal
      open={open}
      title={title}
      width={760}
      okText={okText}
      onOk={confirm}
      onCancel={onCancel}
      afterClose={() => {
        setSelected(null);
        setPage(1);
        setFilters({});
      }}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="inline"
        style={{ marginBottom: 16 }}
        onFinish={(v: { name?: string; userName?: string }) => {
          setFilters({ name: v.name?.trim() || undefined, userName: v.userName?.trim() || undefined });
          setPage(1);
        }}
      >
        <Form.Item label="Name" name="name">
          <SchemaTextInput schema={searchFields} field="name" allowClear />
        </Form.Item>
        <Form.Item label="User name" name="userName">
          <SchemaTextInput schema={searchFields} field="userName" allowClear />
        </Form.Item>
        <Space>
          <Button htmlType="submit" type="primary">
            Search
          </Button>
        </Space>
      </Form>
      <ErrorPresenter error={query.error} />
      <SelectOneTable<PetOwnerSearchRow>
        rows={query.data?.data ?? []}
        totalRecords={query.data?.totalRecords ?? 0}
        page={page}
        pageSize={PET_OWNER_SEARCH_PAGE_SIZE}
        onPageChange={setPage}
        loading={query.isFetching}
        selected={selected}
        onSelect={setSelected}
        rowLabel={(row) => row.fullName}
        columns={[
          { title: 'Name', dataIndex: 'fullName' },
          { title: 'User name', dataIndex: 'userName' },
          { title: 'Email', dataIndex: 'email' },
        ]}
      />
    </Modal>
  );
}
