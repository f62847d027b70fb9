import { Button, Result } from 'antd';
import type { ErrorComponentProps } from '@tanstack/react-router';
import { Messages } from '@registry/contracts/messages';
import { ErrorPresenter } from '../components/ErrorPresenter';

function isChunkLoadError(error: unknown): boolean {
  return error instanceof Error && /dynamically imported module|Importing a module script failed|Failed to fetch/i.test(error.message);
}

export function RouteError({ error, reset }: ErrorComponentProps) {
  // A stale tab may ask for a chunk the new build no longer has.
  if (isChunkLoadError(error)) {
    return (
      <Result
        status="warning"
        title={Messages.badResourceName}
        extra={
          <Button type="primary" onClick={() => window.location.reload()}>
            Reload
          </Button>
        }
      />
    );
  }
  return (
    <Result
      status="error"
      title="Something went wrong"
      subTitle={<ErrorPresenter error={error} />}
      extra={<Button onClick={reset}>Try again</Button>}
    />
  );
}
