// The execute-test modal (spec 3 §2, §8): dam and sire chosen from the owner's dogs or typed as DN numbers, with the
// spec's warnings; the result follows in its own modal.
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Form, Modal, Radio, Select, Space } from 'antd';
import { PARENTAGE_MESSAGES, parentageEndpoints } from '@registry/contracts';
import { callApi } from '../../lib/client';
import { ErrorPresenter } from '../../components/ErrorPresenter';
import { MarkerTable, ResultSummary } from './MarkerTable';
import { parentageKeys, useExecuteTest, type MatchResult } from './parentage.api';
import { MaxLengthInput } from '../../components/MaxLengthInput';

type Mode = 'select' | 'type';

export function ExecuteTestModal({ puppy, onClose }: { puppy: string; onClose: () => void }) {
  const candidates = useQuery({
    queryKey: [...parentageKeys.all, 'candidates', puppy],
    queryFn: () => callApi(parentageEndpoints.candidates, { query: { sampleNumber: puppy } }),
  });
  const execute = useExecuteTest();
  const [mode, setMode] = useState<Mode>('select');
  const [dam, setDam] = useState<string>();
  const [sire, setSire] = useState<string>();
  const [warning, setWarning] = useState<string | null>(null);
  const [result, setResult] = useState<MatchResult | null>(null);

  const run = async () => {
    const typed = mode === 'type';
    if (!dam?.trim()) return setWarning(typed ? PARENTAGE_MESSAGES.enterDamDn : PARENTAGE_MESSAGES.selectDam);
    if (!sire?.trim()) return setWarning(typed ? PARENTAGE_MESSAGES.enterSireDn : PARENTAGE_MESSAGES.selectSire);
    setWarning(null);
    const answer = await execute.mutateAsync({ puppy, dam: dam.trim(), sire: sire.trim() }).catch(() => null);
    if (answer) setResult(answer);
  };
  const option = (d: { name: string; sampleNumber: string }) => ({
    value: d.sampleNumber,
    label: `${d.name} (${d.sampleNumber})`,
  });

  if (result)
    return (
      <Modal
        open
        title={`Parentage result for ${puppy}`}
        onCancel={onClose}
        onOk={onClose}
        width={760}
        cancelButtonProps={{ style: { display: 'none' } }}
      >
        <p data-testid="parentage-result">
          <ResultSummary result={result} />
        </p>
        <MarkerTable result={result} />
      </Modal>
    );
  return (
    <Modal
      open
      title={`Execute parentage test for ${puppy}`}
      okText="Run test"
      onOk={() => void run()}
      confirmLoading={execute.isPending}
      onCancel={onClose}
    >
      <Space orientation="vertical" style={{ width: '100%' }}>
        <Radio.Group
          value={mode}
          onChange={(e) => {
            setMode(e.target.value as Mode);
            setDam(undefined);
            setSire(undefined);
          }}
          options={[
            { value: 'select', label: "Owner's dogs" },
            { value: 'type', label: 'DN numbers' },
          ]}
        />
        <Form layout="vertical">
          {mode === 'select' ? (
            <>
              <Form.Item label="Dam" htmlFor="parentage-dam">
                <Select
                  id="parentage-dam"
                  value={dam}
                  onChange={setDam}
                  loading={candidates.isLoading}
                  options={candidates.data?.females.map(option)}
                />
              </Form.Item>
              <Form.Item label="Sire" htmlFor="parentage-sire">
                <Select
                  id="parentage-sire"
                  value={sire}
                  onChange={setSire}
                  loading={candidates.isLoading}
                  options={candidates.data?.males.map(option)}
                />
              </Form.Item>
            </>
          ) : (
            <>
              <Form.Item label="Dam DN number" htmlFor="parentage-dam-dn">
                <MaxLengthInput id="parentage-dam-dn" value={dam} onChange={(v) => setDam(v)} maxLength={12} />
              </Form.Item>
              <Form.Item label="Sire DN number" htmlFor="parentage-sire-dn">
                <MaxLengthInput id="parentage-sire-dn" value={sire} onChange={(v) => setSire(v)} maxLength={12} />
              </Form.Item>
            </>
          )}
        </Form>
        {warning && <Alert type="warning" showIcon message={warning} />}
        <ErrorPresenter error={candidates.error ?? execute.error} />
      </Space>
    </Modal>
  );
}
