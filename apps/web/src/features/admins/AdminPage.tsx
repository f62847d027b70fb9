import { useState } from 'react';
import { useParams } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { Card, Col, Descriptions, Row, Tag } from 'antd';
import { Messages, mayActOnAdmin, roleLabel, type AdminView } from '@registry/contracts';
import { useCurrentUser } from '../../lib/auth';
import { ActionsDropdown } from '../../components/ActionsDropdown';
import { ConfirmByTypingDialog } from '../../components/ConfirmByTypingDialog';
import { ErrorPresenter } from '../../components/ErrorPresenter';
import { showDate, showDateTime } from '../../components/labTime';
import { PageTitle } from '../../components/PageTitle';
import { NotFound, isValidId } from '../../components/NotFound';
import { adminQuery, securityQuestionQuery } from './admins.api';
import { AdminEditForm } from './components/AdminEditForm';
import { AdminGroupsCard } from './components/AdminGroupsCard';
import { AdminNotesCard } from './components/AdminNotesCard';
import { SecurityQuestionCard } from '../../components/SecurityQuestionCard';
import { useAdminActions } from './components/useAdminActions';

function formatAddress(a: AdminView['address']): string {
  if (!a) return '—';
  const line = [a.addressLine1, a.addressLine2, a.addressLine3].filter(Boolean).join(', ');
  const place = [a.city, a.state?.abbreviation, a.postalCode].filter(Boolean).join(' ');
  return [line, place, a.country?.name].filter(Boolean).join(', ') || '—';
}

function AdminDetails({ admin }: { admin: AdminView }) {
  return (
    <Descriptions column={{ xs: 1, md: 2 }} size="middle">
      <Descriptions.Item label="User name">{admin.userName}</Descriptions.Item>
      <Descriptions.Item label="Role">{roleLabel(admin.roleId)}</Descriptions.Item>
      <Descriptions.Item label="Email">{admin.email ?? '—'}</Descriptions.Item>
      <Descriptions.Item label="Phone">{admin.phoneNumber ?? '—'}</Descriptions.Item>
      <Descriptions.Item label="Company">{admin.companyName ?? '—'}</Descriptions.Item>
      <Descriptions.Item label="Receives emails">{admin.receiveEmails ? 'Yes' : 'No'}</Descriptions.Item>
      <Descriptions.Item label="Address" span={2}>
        {formatAddress(admin.address)}
      </Descriptions.Item>
      <Descriptions.Item label="Last login">
        {admin.lastLogin ? showDateTime(admin.lastLogin) : 'Never'}
      </Descriptions.Item>
      <Descriptions.Item label="Created">{showDate(admin.dateCreated)}</Descriptions.Item>
    </Descriptions>
  );
}

/** /admin/{adminId} and /admin/details/{adminId}: one admin's details, actions, groups and notes. */
export function AdminPage() {
  const { adminId } = useParams({ strict: false }) as { adminId: string };
  const id = Number(adminId);
  const me = useCurrentUser();
  const query = useQuery({ ...adminQuery(id), enabled: isValidId(id) });
  const admin = query.data;
  const [editing, setEditing] = useState(false);
  const { actions, deleteDialog, busy } = useAdminActions(admin, () => setEditing(true), me);
  const maySeeSecurityAnswer = Boolean(admin && me && mayActOnAdmin(me, admin, 'admin.viewSecurityAnswer'));
  if (!isValidId(id)) return <NotFound what="Admin" />;

  return (
    <>
      <PageTitle extra={!editing && admin && <ActionsDropdown actions={actions} loading={busy} />}>
        {admin ? admin.fullName || admin.userName : 'Admin'}{' '}
        {admin && (admin.isActive ? <Tag color="green">Active</Tag> : <Tag>Inactive</Tag>)}
      </PageTitle>
      <ErrorPresenter error={query.error} />
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={15}>
          <Card title={editing ? 'Edit admin' : 'Details'} loading={query.isLoading}>
            {admin &&
              (editing ? (
                <AdminEditForm admin={admin} onDone={() => setEditing(false)} />
              ) : (
                <AdminDetails admin={admin} />
              ))}
          </Card>
        </Col>
        <Col xs={24} xl={9}>
          <Row gutter={[16, 16]}>
            {admin && (
              <Col span={24}>
                <AdminNotesCard
                  key={`${admin.id}-${admin.adminNotes}-${admin.bioPetNotes}`}
                  admin={admin}
                  showProviderNotes={!!me?.isBioPetAdmin}
                />
              </Col>
            )}
            {admin && maySeeSecurityAnswer && (
              <Col span={24}>
                <SecurityQuestionCard question={securityQuestionQuery(admin.id)} />
              </Col>
            )}
          </Row>
        </Col>
        {admin && (
          <Col span={24}>
            <AdminGroupsCard adminId={admin.id} />
          </Col>
        )}
      </Row>
      {deleteDialog && (
        <ConfirmByTypingDialog
          open={deleteDialog.open}
          title="Delete admin"
          prompt={
            <>
              This permanently deletes the admin. Type the user name <strong>{deleteDialog.expectedText}</strong> to
              confirm.
            </>
          }
          expectedText={deleteDialog.expectedText}
          mismatchMessage={Messages.invalidConfirmationUsername}
          okText="Delete admin"
          onConfirm={deleteDialog.onConfirm}
          onCancel={deleteDialog.onCancel}
        />
      )}
    </>
  );
}
