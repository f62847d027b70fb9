import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Card, Popconfirm } from 'antd';
import { GroupTypes } from '@registry/contracts';
import { GroupHierarchyPicker } from './GroupHierarchyPicker';
import { ErrorPresenter, useErrorDialog } from '../../../components/ErrorPresenter';
import { agreementsQuery, useAdjacentProperty, type AdjacentAgreement, type GroupDetails } from '../groups.api';
import { DataTable } from '../../../components/DataTable';

/** Adjacent property agreements: a property's own (add via the property picker, remove); a distributorship's list. */
export function AdjacentPropertiesCard({ group }: { group: GroupDetails }) {
  const isProperty = group.groupType === GroupTypes.Property;
  const agreements = useQuery({ ...agreementsQuery(group.id), enabled: !isProperty });
  const mutate = useAdjacentProperty();
  const showError = useErrorDialog();
  const { message } = App.useApp();
  const [picking, setPicking] = useState(false);
  const rows: AdjacentAgreement[] = isProperty
    ? group.adjacentProperties.map((p) => ({
        propertyId: group.id,
        propertyName: group.name,
        adjacentPropertyId: p.id,
        adjacentPropertyName: p.name,
      }))
    : (agreements.data ?? []);
  const change = async (add: boolean, propertyId: number, adjacentPropertyId: number) => {
    try {
      await mutate.mutateAsync({ add, propertyId, adjacentPropertyId });
      void message.success(add ? 'Adjacent property added.' : 'Adjacent property removed.');
      setPicking(false);
    } catch (error) {
      showError(error);
    }
  };
  return (
    <Card
      title="Adjacent property agreements"
      size="small"
      extra={
        isProperty && (
          <Button size="small" onClick={() => setPicking(true)}>
            Add adjacent property
          </Button>
        )
      }
    >
      <ErrorPresenter error={agreements.error} />
      <DataTable<AdjacentAgreement>
        size="small"
        rowKey={(r) => `${r.propertyId}-${r.adjacentPropertyId}`}
        dataSource={rows}
        loading={agreements.isFetching || mutate.isPending}
        pagination={false}
        locale={{ emptyText: 'No adjacent property agreements' }}
        columns={[
          ...(isProperty ? [] : [{ title: 'Property', dataIndex: 'propertyName' }]),
          { title: 'Adjacent property', dataIndex: 'adjacentPropertyName' },
          {
            title: '',
            key: 'remove',
            width: 100,
            render: (_: unknown, r: AdjacentAgreement) => (
              <Popconfirm
                title={`Remove ${r.adjacentPropertyName}?`}
                okText="Remove"
                onConfirm={() => change(false, r.propertyId, r.adjacentPropertyId)}
              >
                <Button size="small" danger>
                  Remove
                </Button>
              </Popconfirm>
            ),
          },
        ]}
      />
      <GroupHierarchyPicker
        open={picking}
        title="Select property"
        allowedTypes={[GroupTypes.Property]}
        onPick={(p) => change(true, group.id, p.id)}
        onCancel={() => setPicking(false)}
      />
    </Card>
  );
}
