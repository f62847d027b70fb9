import { useQuery } from '@tanstack/react-query';
import { Card, Descriptions, Tag } from 'antd';
import { RegistrationStatus } from '@registry/contracts';
import { useCurrentUser } from '../../lib/auth';
import { PageTitle } from '../../components/PageTitle';
import { residentQuery } from './prereg.api';

/** Resident landing (/reg/overview): the resident's record, status and whether they have eligible pets (dogs). */
export function ResidentLandingPage() {
  const user = useCurrentUser();
  const residentId = user?.residentId ?? null;
  const resident = useQuery({ ...residentQuery(residentId ?? 0), enabled: residentId != null });
  // Approved residents become pet owners, so userinfo answers when the record cannot be read.
  const approved = resident.data ? resident.data.status === RegistrationStatus.Approved : !!user?.isPetOwner;
  return (
    <>
      <PageTitle>Welcome{user?.firstName ? `, ${user.firstName}` : ''}</PageTitle>
      <Card loading={!user}>
        {user && (
          <Descriptions column={1}>
            <Descriptions.Item label="Name">{user.fullName}</Descriptions.Item>
            {/* The RES number the resident signs in with; a pet owner's user name is never shown as one. */}
            {(resident.data?.residentNumber ?? (user.isResident ? user.userName : null)) && (
              <Descriptions.Item label="Resident number">
                {resident.data?.residentNumber ?? user.userName}
              </Descriptions.Item>
            )}
            {!user.isResident && <Descriptions.Item label="User name">{user.userName}</Descriptions.Item>}
            {resident.data && <Descriptions.Item label="Property">{resident.data.propertyName}</Descriptions.Item>}
            {resident.data && (
              // Eligible pets: the resident's dogs, which DNA products can be ordered for.
              <Descriptions.Item label="Eligible pets">
                {resident.data.dogs.length > 0
                  ? `Yes: ${resident.data.dogs.map((dog) => dog.name).join(', ')}`
                  : 'No eligible pets'}
              </Descriptions.Item>
            )}
            <Descriptions.Item label="Status">
              {approved ? <Tag color="green">Approved</Tag> : <Tag color="gold">Pending approval</Tag>}
            </Descriptions.Item>
          </Descriptions>
        )}
      </Card>
    </>
  );
}
