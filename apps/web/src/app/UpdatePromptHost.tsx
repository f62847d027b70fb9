import { lazy, Suspense, useSyncExternalStore } from 'react';
import { updatePromptStore } from './updatePrompt';

// The dialog (and antd's Modal) is fetched only once a newer build asks for it, to keep it off the login page.
const UpdatePromptDialog = lazy(() => import('./UpdatePromptDialog'));

export function UpdatePromptHost() {
  const open = useSyncExternalStore(updatePromptStore.subscribe, updatePromptStore.isOpen);
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <UpdatePromptDialog />
    </Suspense>
  );
}
