import { useParams } from '@tanstack/react-router';
import { Card, Segmented } from 'antd';
import { useUrlState } from '../../components/UrlTable';
import { GroupFrame } from '../groups/components/GroupFrame';
import { GroupPetOwnersList } from './components/GroupPetOwnersList';
import { groupPetOwnersSearch } from './petowners.search';

/**
 * /group/{id}/petowners: the pet owners of a group and its subgroups, with move out; "Moved out" lists the group's
 * move-outs, newest first (spec 2 §2, §7, §9).
 */
export function GroupPetOwnersPage() {
  const { id } = useParams({ from: '/_app/group/$id/petowners' });
  const groupId = Number(id);
  const [params, setParams] = useUrlState(groupPetOwnersSearch);
  const movedOut = params.movedOut ?? false;
  return (
    <GroupFrame groupId={groupId} page="petowners">
      {() => (
        <Card>
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
          <GroupPetOwnersList key={String(movedOut)} groupId={groupId} movedOut={movedOut} />
        </Card>
      )}
    </GroupFrame>
  );
}
