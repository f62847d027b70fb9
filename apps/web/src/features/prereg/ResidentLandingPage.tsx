import { Card, Descriptions, Tag } from 'antd';
import { useCurrentUser } from '../../app/auth';
import { PageTitle } from '../../components/PageTitle';

/** Resident landing for properties with the Ancestry feature; the shop and orders arrive with the prereg issue. */
export function ResidentLandingPage() {
  const user = useCurrentUser();
  return (
    <>
      <PageTitle>Welcome{user?.firstName ? `, ${user.firstName}` : ''}</PageTitle>
      <Card loading={!user}>
        {user && (
          <Descriptions column={1}>
            <Descriptions.Item label="Name">{user.fullName}</Descriptions.Item>
            <Descriptions.Item label="Resident number">{user.userName}</Descriptions.Item>
            <Descriptions.Item label="Status">
              {user.isPetOwner ? <Tag color="green">Approved</Tag> : <Tag color="gold">Pending approval</Tag>}
            </Descriptions.Item>
          </Descriptions>
        )}
      </Card>
    </>
  );
}
