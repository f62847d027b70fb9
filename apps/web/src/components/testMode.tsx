// Test mode (spec 1 §9): a session flag that provider staff of a non-production deployment switch on to fill forms
// with fake data. The server says whether it is available (userinfo testModeAvailable); faker loads only on demand.
import { useSyncExternalStore } from 'react';
import { Button, Card, Switch, Typography, type FormInstance } from 'antd';
import { ExperimentOutlined } from '@ant-design/icons';
import { useCurrentUser } from '../app/auth';
import type { FakeData } from './fakeData';

const KEY = 'registry.testMode';
const listeners = new Set<() => void>();

export function setTestMode(on: boolean): void {
  if (on) sessionStorage.setItem(KEY, 'true');
  else sessionStorage.removeItem(KEY);
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const read = () => sessionStorage.getItem(KEY) === 'true';

/** Whether test mode is available to this user, and whether it is on for this session. */
export function useTestMode(): { available: boolean; on: boolean } {
  const user = useCurrentUser();
  const stored = useSyncExternalStore(subscribe, read, () => false);
  const available = user?.testModeAvailable === true;
  return { available, on: available && stored };
}

/** Loads the fake-data generator (its own chunk). */
export const loadFakeData = async (): Promise<FakeData> => (await import('./fakeData')).fakeData;

/**
 * A 'Fill with test data' button for a form, shown only while test mode is on: `values` builds the form's values
 * from the generator.
 */
export function FillWithTestData<T>({
  form,
  values,
}: {
  form: FormInstance<T>;
  values: (fake: FakeData) => Parameters<FormInstance<T>['setFieldsValue']>[0];
}) {
  const { on } = useTestMode();
  if (!on) return null;
  return (
    <Button
      icon={<ExperimentOutlined />}
      size="small"
      style={{ marginBottom: 12 }}
      onClick={async () => form.setFieldsValue(values(await loadFakeData()))}
    >
      Fill with test data
    </Button>
  );
}

/** The switch on the account page; absent where test mode is not available (production, or not provider staff). */
export function TestModeCard() {
  const { available, on } = useTestMode();
  if (!available) return null;
  return (
    <Card title="Test mode" size="small">
      <Switch checked={on} onChange={setTestMode} aria-label="Test mode" />{' '}
      <Typography.Text type="secondary">
        Forms offer to fill themselves with fake data for this session.
      </Typography.Text>
    </Card>
  );
}
