import { acceptBuildVersion, onNewerBuild } from '../lib/buildVersion';
import { whenServerAnswers } from '../lib/serverAnswers';

const UPDATE_PROMPT_DELAY_MS = 1_800_000;
const SHOWN_KEY = 'registry.updatePromptShown';

export interface UpdatePromptDeps {
  /** Resolves true when the user chooses to reload now. */
  ask: () => Promise<boolean>;
  reload: () => void;
  delayMs?: number;
  schedule?: (fn: () => void, ms: number) => unknown;
  storage?: Pick<Storage, 'getItem' | 'setItem'>;
}

type Answer = (reload: boolean) => void;
let pendingAnswer: Answer | null = null;
const hostListeners = new Set<() => void>();

/** Shows the prompt through the mounted UpdatePromptHost; resolves true for 'Reload'. */
export function askWithModal(): Promise<boolean> {
  return new Promise((resolve) => {
    pendingAnswer = resolve;
    for (const l of hostListeners) l();
  });
}

/** For UpdatePromptHost: whether a question is open, and how to answer it. */
export const updatePromptStore = {
  subscribe(listener: () => void) {
    hostListeners.add(listener);
    return () => void hostListeners.delete(listener);
  },
  isOpen: () => pendingAnswer !== null,
  answer(reload: boolean) {
    const answer = pendingAnswer;
    pendingAnswer = null;
    for (const l of hostListeners) l();
    answer?.(reload);
  },
};

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
    // A redeploy may still be under way: reloading before the server answers would land on its 503 or an error page.
    reload: () => void whenServerAnswers().then(() => window.location.reload()),
    ...deps,
  });
  return onNewerBuild((version) => trigger(version));
}
