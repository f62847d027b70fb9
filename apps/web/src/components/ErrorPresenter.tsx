import { useCallback, useState } from 'react';
import { Alert, App, type FormInstance } from 'antd';
import { ApiError } from '../lib/api';
import { ErrorList } from './ErrorList';

export { ErrorList, presentError } from './ErrorList';

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
    (error: unknown, fallback?: string, advice?: string): void => {
      modal.error({
        title: 'Error',
        content: (
          <>
            <ErrorList error={error} fallback={fallback} />
            {advice && <p style={{ marginTop: 8, marginBottom: 0 }}>{advice}</p>}
          </>
        ),
      });
    },
    [modal],
  );
}

/**
 * Puts each server validation problem under its field (the modelState key is the field path as the form knows it,
 * e.g. 'mailingAddress.city') and answers what is left for the general message: null when every problem found its
 * field, otherwise the error with only the unplaced problems.
 */
export function placeFieldErrors(form: FormInstance, error: unknown): unknown {
  if (!(error instanceof ApiError) || !error.modelState || error.exceptionMessage) return error;
  const fields = new Map<string, (string | number)[]>();
  for (const { name } of form.getFieldsError()) fields.set(name.join('.').toLowerCase(), name);
  const placed: { name: (string | number)[]; errors: string[] }[] = [];
  const rest: Record<string, string[]> = {};
  for (const [key, messages] of Object.entries(error.modelState)) {
    const name = fields.get(key.toLowerCase());
    if (name) placed.push({ name, errors: messages });
    else rest[key] = messages;
  }
  if (placed.length) form.setFields(placed);
  if (!Object.keys(rest).length && placed.length) return null;
  const remaining = new ApiError(error.status, { ...(error.body as object), modelState: rest }, error.message);
  return remaining;
}

/**
 * The shared server-error handling of a form: field problems under their fields, the rest in `general` for an
 * ErrorPresenter above the form. Call `onError` from the save's failure and `clear` when a save starts.
 */
export function useFormServerErrors(form: FormInstance) {
  const [general, setGeneral] = useState<unknown>(null);
  const onError = useCallback((error: unknown) => setGeneral(placeFieldErrors(form, error)), [form]);
  const clear = useCallback(() => setGeneral(null), []);
  return { general, onError, clear };
}

/** For forms in dialogs: field problems under their fields, the rest in the shared 'Error' dialog. */
export function useFormErrorDialog(form: FormInstance) {
  const showError = useErrorDialog();
  return useCallback(
    (error: unknown) => {
      const rest = placeFieldErrors(form, error);
      if (rest) showError(rest);
    },
    [form, showError],
  );
}
