import { useState } from 'react';
import { useParams } from '@tanstack/react-router';
import { Button, Card, Segmented, Space } from 'antd';
import { can } from '@registry/contracts';
import { useCurrentUser } from '../../lib/auth';
import { useUrlState } from '../../components/UrlTable';
import { GroupFrame } from '../../components/GroupFrame';
import { AddPetOwnerModal } from './components/AddPetOwnerModal';
import { GroupPetOwnersList } from './components/GroupPetOwnersList';
import { groupPetOwnersSearch } from './petowners.search';

/**
 * /group/{id}/petowners: the pet owners of a group and its subgroups, with move out; "Moved out" lists the group's
 * move-outs, newest first (spec 2 §2, §7, §9). "Add new or existing pet owner" adds one to the group.
 */
export function GroupPetOwnersPage() {
  const { id } = useParams({ from: '/_app/group/$id/petowners' });
  const groupId = Number(id);
  const [params, setParams] = useUrlState(groupPetOwnersSearch);
  const movedOut = params.movedOut ?? false;
  const me = useCurrentUser();
  const [adding, setAdding] = useState(false);
  const mayAdd = Boolean(me && can(me.roleId, 'petOwner.create') && can(me.roleId, 'petOwner.assignGroups'));
  return (
    <GroupFrame groupId={groupId} page="petowners">
      {(group) => (
        <Card
          extra={
            mayAdd && (
              <Space>
                <Button type="primary" onClick={() => setAdding(true)}>
                  Add new or existing pet owner
                </Button>
              </Space>
            )
          }
        >
          <AddPetOwnerModal groupId={groupId} groupName={group.name} open={adding} onClose={() => setAdding(false)} />
          <Segmented
            aria-label="Pet owners shown"
            style={{ marginBottom: 16 }}
            value={movedOut ? 'movedOut' : 'current'}
            onChange={(value) =>
              setParams(
                { movedOut: value === 'movedOut' ? true : undefined, orderBy: undefined, ascending: undefined },
                { resetPage: true },
              )
            }
            options={[
              { value: 'current', label: 'Current' },
              { value: 'movedOut', label: 'Moved out' },
            ]}
          />
          <GroupPetOwnersList
            key={String(movedOut)}
            groupId={groupId}
            movedOut={movedOut}
            onAdd={mayAdd ? () => setAdding(true) : undefined}
          />
        </Card>
      )}
    </GroupFrame>
  );
}
