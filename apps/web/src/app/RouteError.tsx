import { useSyncExternalStore } from 'react';
import { Button } from 'antd';
import { CloseCircleFilled, WarningFilled } from '@ant-design/icons';
import type { ErrorComponentProps } from '@tanstack/react-router';
import { Messages } from '@registry/contracts/messages';
import { ErrorList } from '../components/ErrorList';
import { updatePromptStore } from './updatePrompt';

function isChunkLoadError(error: unknown): boolean {
  return (
    error instanceof Error &&
    /dynamically imported module|Importing a module script failed|Failed to fetch/i.test(error.message)
  );
}

// Plain markup rather than antd's Result, whose illustrations would weigh on every first page load; it must also
// render when a stale tab cannot fetch any further chunk.
function ErrorResult(props: {
  icon: React.ReactNode;
  title: string;
  detail?: React.ReactNode;
  action: React.ReactNode;
}) {
  return (
    <main className="route-error" role="alert">
      <div className="route-error__icon">{props.icon}</div>
      <h1 className="route-error__title">{props.title}</h1>
      {props.detail && <div className="route-error__detail">{props.detail}</div>}
      <div>{props.action}</div>
    </main>
  );
}

export function RouteError({ error, reset }: ErrorComponentProps) {
  // While the 'Update Available' question is open it offers the same Reload: one such button on screen at a time.
  const updatePromptOpen = useSyncExternalStore(updatePromptStore.subscribe, updatePromptStore.isOpen);
  // A stale tab may ask for a chunk the new build no longer has (or a browser that keeps a failed import's error).
  if (isChunkLoadError(error)) {
    return (
      <ErrorResult
        icon={<WarningFilled style={{ color: '#b35c00' }} />}
        title={Messages.badResourceName}
        action={
          updatePromptOpen ? null : (
            <Button type="primary" onClick={() => window.location.reload()}>
              Reload
            </Button>
          )
        }
      />
    );
  }
  return (
    <ErrorResult
      icon={<CloseCircleFilled style={{ color: '#c0262d' }} />}
      title="Something went wrong"
      detail={<ErrorList error={error} />}
      action={<Button onClick={reset}>Try again</Button>}
    />
  );
}
