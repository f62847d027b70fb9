import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Card, Checkbox, Typography } from 'antd';
import { DogQuickActions, Messages } from '@registry/contracts';
import { ErrorPresenter } from '../../../components/ErrorPresenter';
import { dogQuickActionsQuery, useSetDogQuickActions } from '../accounts.api';

const LABELS: Record<keyof typeof DogQuickActions, string> = {
  Flag: 'Flag',
  Verify: 'Verify',
  Delete: 'Delete',
  Reject: 'Reject',
  Deactivate: 'Deactivate',
  Transfer: 'Transfer',
  DnaProfile: 'DNA profile',
  DnaVerification: 'DNA verification',
  PrintParentageCertificate: 'Print parentage certificate',
  Expire: 'Expire',
  Void: 'Void',
};

const flagsToList = (value: number) => Object.values(DogQuickActions).filter((flag) => (value & flag) === flag);
const listToFlags = (flags: number[]) => flags.reduce((all, f) => all | f, 0);

/** Which actions appear as one-click buttons on dog rows (a per-user bit-flag setting). */
export function DogQuickActionsCard() {
  const query = useQuery(dogQuickActionsQuery());
  return (
    <Card title="Dog quick actions" loading={query.isLoading}>
      <ErrorPresenter error={query.error} />
      {query.data !== undefined && <DogQuickActionsForm initial={query.data} />}
    </Card>
  );
}

function DogQuickActionsForm({ initial }: { initial: number }) {
  const { message } = App.useApp();
  const save = useSetDogQuickActions();
  const [checked, setChecked] = useState<number[]>(() => flagsToList(initial));
  return (
    <>
      <ErrorPresenter error={save.error} />
      <Typography.Paragraph type="secondary">
        Choose the actions shown as quick buttons on dog lists.
      </Typography.Paragraph>
      <Checkbox.Group
        aria-label="Dog quick actions"
        value={checked}
        onChange={(v) => setChecked(v as number[])}
        options={Object.entries(DogQuickActions).map(([key, flag]) => ({
          value: flag,
          label: LABELS[key as keyof typeof DogQuickActions],
        }))}
        style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(200px, 1fr))', gap: 8 }}
      />
      <div style={{ marginTop: 16 }}>
        <Button
          type="primary"
          loading={save.isPending}
          onClick={() =>
            save.mutate(listToFlags(checked), { onSuccess: () => void message.success(Messages.savedSuccessfully) })
          }
        >
          Save quick actions
        </Button>
      </div>
    </>
  );
}
