// The parentage tools: /tools/parentage/test (puppy, dam and sire DN numbers, all required and different) and
// /tools/parentage/lookup (a puppy's result set by sample number); both offer the certificate once the puppy has a
// Certified result, whatever products the dog has.
import { useState } from 'react';
import { Alert, Button, Card, Form, Space } from 'antd';
import { PARENTAGE_MESSAGES, isProviderStaffRole, matchResultSetNotFoundMessage } from '@registry/contracts';
import { ApiError } from '../../lib/api';
import { useCurrentUser } from '../../lib/auth';
import { ErrorPresenter } from '../../components/ErrorPresenter';
import { PageTitle } from '../../components/PageTitle';
import { CertificateButton } from './CertificateButton';
import { MarkerTable, ResultSummary } from './MarkerTable';
import { lookupResultSet, useExecuteTest, type ExecutedResult, type ResultSet } from './parentage.api';
import { MaxLengthInput } from '../../components/MaxLengthInput';

type Fields = { puppy: string; dam: string; sire: string };

export function ParentageTestPage() {
  const [form] = Form.useForm<Fields>();
  const execute = useExecuteTest();
  const [result, setResult] = useState<ExecutedResult | null>(null);
  const onFinish = async (values: Fields) => {
    setResult(await execute.mutateAsync(values).catch(() => null));
  };
  const unique = ({ getFieldValue }: { getFieldValue: (k: keyof Fields) => string | undefined }) => ({
    validator() {
      const values = (['puppy', 'dam', 'sire'] as const)
        .map((k) => getFieldValue(k)?.trim().toUpperCase())
        .filter(Boolean);
      return new Set(values).size === values.length
        ? Promise.resolve()
        : Promise.reject(new Error(PARENTAGE_MESSAGES.allDnsMustBeUnique));
    },
  });
  return (
    <>
      <PageTitle>Parentage test</PageTitle>
      <Card>
        <Form form={form} layout="vertical" onFinish={(v) => void onFinish(v)} style={{ maxWidth: 360 }}>
          <Form.Item
            name="puppy"
            label="Puppy DN number"
            rules={[{ required: true, message: 'Please enter the puppy DN number' }]}
          >
            <MaxLengthInput maxLength={12} />
          </Form.Item>
          <Form.Item
            name="dam"
            label="Dam DN number"
            dependencies={['puppy']}
            rules={[{ required: true, message: PARENTAGE_MESSAGES.enterDamDn }, unique]}
          >
            <MaxLengthInput maxLength={12} />
          </Form.Item>
          <Form.Item
            name="sire"
            label="Sire DN number"
            dependencies={['puppy', 'dam']}
            rules={[{ required: true, message: PARENTAGE_MESSAGES.enterSireDn }, unique]}
          >
            <MaxLengthInput maxLength={12} />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={execute.isPending}>
            Run test
          </Button>
        </Form>
        <ErrorPresenter error={execute.error} />
        {result && (
          <Space orientation="vertical" style={{ marginTop: 16, width: '100%' }}>
            <ResultSummary result={result} />
            {result.certificateResultId !== null && (
              <CertificateButton
                style={{ width: 'fit-content' }}
                query={{ parentageResultId: result.certificateResultId }}
              />
            )}
            <MarkerTable result={result} />
          </Space>
        )}
      </Card>
    </>
  );
}

export function ParentageLookupPage() {
  const me = useCurrentUser();
  // The set's best Certified result carries the certificate; provider staff may print any Certified result of the set.
  const staff = Boolean(me && isProviderStaffRole(me.roleId));
  const [sampleNumber, setSampleNumber] = useState('');
  const [set, setSet] = useState<ResultSet | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);
  const lookup = async () => {
    const n = sampleNumber.trim().toUpperCase();
    setSet(null);
    setProblem(null);
    setError(null);
    try {
      setSet(await lookupResultSet(n));
    } catch (e) {
      if (e instanceof ApiError && (e.status === 404 || e.status === 400)) setProblem(matchResultSetNotFoundMessage(n));
      else setError(e);
    }
  };
  return (
    <>
      <PageTitle>Parentage lookup</PageTitle>
      <Card>
        <Form layout="inline" onFinish={() => void lookup()}>
          <Form.Item label="Sample number" htmlFor="parentage-lookup">
            <MaxLengthInput
              id="parentage-lookup"
              value={sampleNumber}
              maxLength={12}
              onChange={(v) => setSampleNumber(v)}
            />
          </Form.Item>
          <Button htmlType="submit" type="primary">
            Look up
          </Button>
        </Form>
        {problem && <Alert style={{ marginTop: 16 }} type="warning" showIcon message={problem} />}
        <ErrorPresenter error={error} />
        {set &&
          set.results.map((r) => (
            <Space key={r.parentageMatchResultId} orientation="vertical" style={{ marginTop: 16, width: '100%' }}>
              <span>
                {set.puppyName} ({set.puppySampleNumber}) · Dam {r.damSampleNumber} · Sire {r.sireSampleNumber} ·{' '}
                <ResultSummary result={r} />
              </span>
              {(r.parentageMatchResultId === set.certificateResultId ||
                (staff && r.parentageMatchRunResult === 'Certified')) && (
                <CertificateButton
                  size="small"
                  style={{ width: 'fit-content' }}
                  query={{ petId: set.puppyId, parentageResultId: r.parentageMatchResultId }}
                />
              )}
              <MarkerTable result={r} />
            </Space>
          ))}
      </Card>
    </>
  );
}
