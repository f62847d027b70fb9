import { useState } from 'react';
import { App, Button, Card, Form } from 'antd';
import { Messages, adminUpdateRequest, type AdminView } from '@registry/contracts';
import { ErrorPresenter } from '../../../components/ErrorPresenter';
import { SchemaTextInput } from '../../../components/MaxLengthInput';
import { FillWithTestData } from '../../../components/testMode';
import { useUpdateAdmin } from '../admins.api';
import { toUpdateRequest } from './adminForm';

/** Admin notes for everyone managing the admin; provider notes only for the provider's staff. */
export function AdminNotesCard({ admin, showProviderNotes }: { admin: AdminView; showProviderNotes: boolean }) {
  const { message } = App.useApp();
  const update = useUpdateAdmin(admin.id);
  const [adminNotes, setAdminNotes] = useState(admin.adminNotes ?? '');
  const [bioPetNotes, setBioPetNotes] = useState(admin.bioPetNotes ?? '');

  const save = () =>
    update.mutate(
      { ...toUpdateRequest(admin), adminNotes, bioPetNotes: showProviderNotes ? bioPetNotes : admin.bioPetNotes },
      { onSuccess: () => void message.success(Messages.savedSuccessfully) },
    );

  return (
    <Card title="Notes">
      <ErrorPresenter error={update.error} />
      <FillWithTestData
        onFill={(fake) => {
          setAdminNotes(fake.notes());
          if (showProviderNotes) setBioPetNotes(fake.notes());
        }}
      />
      <Form layout="vertical">
        <Form.Item label="Admin notes" htmlFor="admin-notes">
          <SchemaTextInput
            schema={adminUpdateRequest}
            field="adminNotes"
            id="admin-notes"
            multiline
            value={adminNotes}
            onChange={setAdminNotes}
          />
        </Form.Item>
        {showProviderNotes && (
          <Form.Item label="Provider notes" htmlFor="biopet-notes">
            <SchemaTextInput
              schema={adminUpdateRequest}
              field="bioPetNotes"
              id="biopet-notes"
              multiline
              value={bioPetNotes}
              onChange={setBioPetNotes}
            />
          </Form.Item>
        )}
        <Button type="primary" onClick={save} loading={update.isPending}>
          Save notes
        </Button>
      </Form>
    </Card>
  );
}
