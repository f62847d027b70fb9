import { useCallback } from 'react';
import { Alert, App } from 'antd';
import { ErrorList } from './ErrorList';

export { ErrorList, presentError, type PresentedError } from './ErrorList';

export interface ErrorPresenterProps {
  error: unknown;
  title?: string;
  fallback?: string;
  onClose?: () => void;
}

export function ErrorPresenter({ error, title, fallback, onClose }: ErrorPresenterProps) {
  if (!error) return null;
  const body = <ErrorList error={error} fallback={fallback} />;
  return (
    <Alert
      type="error"
      showIcon
      role="alert"
      title={title ?? body}
      description={title ? body : undefined}
      closable={onClose ? { onClose } : undefined}
      style={{ marginBottom: 16 }}
    />
  );
}

/** Opens the shared error display in a dialog titled 'Error'. */
export function useErrorDialog() {
  const { modal } = App.useApp();
  return useCallback(
    (error: unknown, fallback?: string): void => {
      modal.error({ title: 'Error', content: <ErrorList error={error} fallback={fallback} /> });
    },
    [modal],
  );
}
