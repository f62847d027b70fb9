// The shared error text (spec 1 §8), apart from the antd widgets that show it so that the route error screen stays light.
import { ApiError } from '../lib/api';

export interface PresentedError {
  message: string;
  details: string[];
}

/**
 * The shared error display rule (spec 1 §8): exceptionMessage when present; otherwise the
 * message plus every modelState message flattened into a list; otherwise just the message.
 */
export function presentError(error: unknown, fallback = 'An unknown error occurred.'): PresentedError {
  if (error instanceof ApiError) {
    if (error.exceptionMessage) return { message: error.exceptionMessage, details: [] };
    const details = error.modelState ? Object.values(error.modelState).flat().filter(Boolean) : [];
    return { message: error.message || fallback, details };
  }
  if (error instanceof Error && error.message) return { message: error.message, details: [] };
  if (typeof error === 'string' && error) return { message: error, details: [] };
  return { message: fallback, details: [] };
}

export function ErrorList({ error, fallback }: { error: unknown; fallback?: string }) {
  const { message, details } = presentError(error, fallback);
  return (
    <div>
      <div>{message}</div>
      {details.length > 0 && (
        <ul style={{ margin: '4px 0 0', paddingLeft: 20 }}>
          {details.map((d, i) => (
            <li key={i}>{d}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
