import { Col, Row } from 'antd';
import { PageTitle } from '../../components/PageTitle';
import { useCurrentUser } from '../../lib/auth';
import { NameEmailCard } from './components/NameEmailCard';
import { ProfileCard } from './components/ProfileCard';
import { ChangePasswordCard } from './components/ChangePasswordCard';
import { DogQuickActionsCard } from './components/DogQuickActionsCard';
import { TestModeCard } from '../../components/testMode';

export function ManageAccountPage() {
  const user = useCurrentUser();
  return (
    <>
      <PageTitle>Manage account</PageTitle>
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={14}>
          <Row gutter={[16, 16]}>
            <Col span={24}>
              <NameEmailCard />
            </Col>
            <Col span={24}>
              <ProfileCard />
            </Col>
          </Row>
        </Col>
        <Col xs={24} xl={10}>
          <Row gutter={[16, 16]}>
            <Col span={24}>
              <ChangePasswordCard />
            </Col>
            {user?.isAdmin && (
              <Col span={24}>
                <DogQuickActionsCard />
              </Col>
            )}
            {user?.testModeAvailable && (
              <Col span={24}>
                <TestModeCard />
              </Col>
            )}
          </Row>
        </Col>
      </Row>
    </>
  );
}
