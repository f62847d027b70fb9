// Rerun all no-matches: starts the background job, shows its progress (done / total) polled every 5 s, lets the lab
// cancel it, and on completion shows a toast and plays a sound.
import { useEffect, useRef } from 'react';
import { App, Button, Progress, Space, Typography } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ErrorPresenter } from '../../components/ErrorPresenter';
import { rerunStatusQuery, useCancelRerun, useRerunAll, wasteResultKeys } from './wasteresults.api';

function chime() {
  try {
    const context = new AudioContext();
    const osc = context.createOscillator();
    osc.frequency.value = 880;
    osc.connect(context.destination);
    osc.start();
    osc.stop(context.currentTime + 0.2);
  } catch {
    // No audio (a test browser): the toast is enough.
  }
}

export function RerunAllPanel() {
  const { message } = App.useApp();
  const client = useQueryClient();
  const status = useQuery(rerunStatusQuery());
  const start = useRerunAll();
  const cancel = useCancelRerun();
  const wasRunning = useRef(false);
  const data = status.data;
  useEffect(() => {
    if (data?.isInProgress) wasRunning.current = true;
    else if (wasRunning.current && data) {
      wasRunning.current = false;
      if (data.status === 'Completed') {
        void message.success(`Rerun of all no-matches complete: ${data.changed} of ${data.total} changed.`);
        chime();
      }
    }
  }, [data, message]);
  const percent = data && data.total > 0 ? Math.round((data.done / data.total) * 100) : 0;
  return (
    <Space direction="vertical" style={{ width: '100%', marginBottom: 16 }}>
      <ErrorPresenter error={start.error ?? cancel.error ?? status.error} />
      <Space wrap>
        <Button
          onClick={() =>
            start.mutate(undefined, {
              // The start's answer is the run in progress: shown at once (a short run may be over by the next poll).
              onSuccess: (started) => {
                wasRunning.current = true;
                client.setQueryData(wasteResultKeys.rerun(), started);
              },
            })
          }
          loading={start.isPending}
          disabled={data?.isInProgress}
        >
          Rerun all no-matches
        </Button>
        {data?.isInProgress && (
          <Button danger onClick={() => cancel.mutate()} loading={cancel.isPending}>
            Cancel rerun
          </Button>
        )}
      </Space>
      {data?.isInProgress && (
        <div aria-label="Rerun progress">
          <Typography.Text>
            Rerunning no-matches: {data.done} / {data.total}
          </Typography.Text>
          <Progress percent={percent} />
        </div>
      )}
    </Space>
  );
}
