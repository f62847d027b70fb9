import { useParams } from '@tanstack/react-router';
import { Card } from 'antd';
import { GroupFrame } from '../groups/components/GroupFrame';
import { GroupPetOwnersList } from './components/GroupPetOwnersList';

/** /group/{id}/petowners: the pet owners of a group and its subgroups, with move out (spec 2 §2, §7). */
export function GroupPetOwnersPage() {
  const { id } = useParams({ from: '/_app/group/$id/petowners' });
  const groupId = Number(id);
  return (
    <GroupFrame groupId={groupId} page="petowners">
      {() => (
        <Card>
          <GroupPetOwnersList groupId={groupId} movedOut={false} />
        </Card>
      )}
    </GroupFrame>
  );
}

/** /group/{id}/moveouts: owners who moved out of the group, newest move-out first (spec 2 §9). */
export function GroupMoveOutsPage() {
  const { id } = useParams({ from: '/_app/group/$id/moveouts' });
  const groupId = Number(id);
  return (
    <GroupFrame groupId={groupId} page="moveouts">
      {() => (
        <Card>
          <GroupPetOwnersList groupId={groupId} movedOut />
        </Card>
      )}
    </GroupFrame>
  );
}
