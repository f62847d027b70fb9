// Test mode (spec 1 §9): a session flag that provider staff of a non-production deployment switch on to fill forms
// with fake data. The server says whether it is available (userinfo testModeAvailable); faker loads only on demand.
import { useSyncExternalStore } from 'react';
import { Button, Card, Switch, Typography, type FormInstance } from 'antd';
import { ExperimentOutlined } from '@ant-design/icons';
import { useCurrentUser } from '../lib/auth';
import type { FakeData } from './fakeData';

const KEY = 'registry.testMode';
const listeners = new Set<() => void>();

function setTestMode(on: boolean): void {
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
function useTestMode(): { available: boolean; on: boolean } {
  const user = useCurrentUser();
  const stored = useSyncExternalStore(subscribe, read, () => false);
  const available = user?.testModeAvailable === true;
  return { available, on: available && stored };
}

/** Loads the fake-data generator (its own chunk). */
const loadFakeData = async (): Promise<FakeData> => (await import('./fakeData')).fakeData;

/**
 * A 'Fill with test data' button for a form, shown only while test mode is on: `values` builds the form's values
 * from the generator. A form joins test mode with this one line (a form kept in component state passes `onFill`
 * instead of `form` and `values`); `testMode.test.ts` checks that every form of the app has it or says why not.
 */
export function FillWithTestData<T>(
  props:
    | { form: FormInstance<T>; values: (fake: FakeData) => Parameters<FormInstance<T>['setFieldsValue']>[0] }
    | { onFill: (fake: FakeData) => void },
) {
  const { on } = useTestMode();
  if (!on) return null;
  const fill = async () => {
    const fake = await loadFakeData();
    if ('onFill' in props) props.onFill(fake);
    else props.form.setFieldsValue(props.values(fake));
  };
  return (
    <Button icon={<ExperimentOutlined />} size="small" style={{ marginBottom: 12 }} onClick={() => void fill()}>
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
