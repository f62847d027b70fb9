import { acceptBuildVersion, onNewerBuild } from './buildVersion';

export const UPDATE_PROMPT_DELAY_MS = 1_800_000;
const SHOWN_KEY = 'registry.updatePromptShown';

export interface UpdatePromptDeps {
  /** Resolves true when the user chooses to reload now. */
  ask: () => Promise<boolean>;
  reload: () => void;
  delayMs?: number;
  schedule?: (fn: () => void, ms: number) => unknown;
  storage?: Pick<Storage, 'getItem' | 'setItem'>;
}

/** Loads antd's Modal only when a prompt is actually needed. */
export async function askWithModal(): Promise<boolean> {
  const Modal = (await import('antd/es/modal')).default;
  return new Promise((resolve) => {
    Modal.confirm({
      title: 'Update Available',
      content: 'A new version of the application is available. Reload now to use it?',
      okText: 'Reload',
      cancelText: 'Later',
      onOk: () => resolve(true),
      onCancel: () => resolve(false),
    });
  });
}

/**
 * Returns the function to call when a newer build is seen. The prompt starts at most once per
 * browser session; 'Later' re-asks after the delay until the user accepts.
 */
export function createUpdatePrompt(deps: UpdatePromptDeps): (version?: string) => void {
  const delay = deps.delayMs ?? UPDATE_PROMPT_DELAY_MS;
  const schedule = deps.schedule ?? ((fn, ms) => setTimeout(fn, ms));
  const storage = deps.storage ?? sessionStorage;

  let latest: string | undefined;
  const prompt = async () => {
    if (await deps.ask()) {
      // The reloaded page runs the new build, so it must not prompt for it again.
      if (latest) acceptBuildVersion(latest);
      deps.reload();
    } else schedule(prompt, delay);
  };

  return (version?: string) => {
    latest = version ?? latest;
    if (storage.getItem(SHOWN_KEY)) return;
    storage.setItem(SHOWN_KEY, '1');
    void prompt();
  };
}

export function installUpdatePrompt(deps?: Partial<UpdatePromptDeps>): () => void {
  const trigger = createUpdatePrompt({
    ask: askWithModal,
    reload: () => window.location.reload(),
    ...deps,
  });
  return onNewerBuild((version) => trigger(version));
}
