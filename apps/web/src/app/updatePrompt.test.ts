import { describe, expect, it, vi } from 'vitest';
import { createUpdatePrompt, installUpdatePrompt } from './updatePrompt';
import { observeBuildVersion, resetBuildVersionForTests, compareVersions } from '../lib/buildVersion';

function resetBuildVersionForTestsKeepingStorage() {
  const kept = sessionStorage.getItem('registry.buildVersion');
  resetBuildVersionForTests();
  if (kept) sessionStorage.setItem('registry.buildVersion', kept);
}

const flush = () => new Promise((r) => setTimeout(r, 0));

describe('update prompt', () => {
  it('reloads when the user accepts', async () => {
    const reload = vi.fn<() => void>();
    const trigger = createUpdatePrompt({ ask: async () => true, reload, storage: sessionStorage });
    trigger();
    await flush();
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it("re-asks after the delay on 'Later' and is started only once per session", async () => {
    const answers = [false, true];
    const ask = vi.fn<() => Promise<boolean>>(async () => answers.shift() ?? false);
    const reload = vi.fn<() => void>();
    const scheduled: Array<{ fn: () => void; ms: number }> = [];
    const trigger = createUpdatePrompt({
      ask,
      reload,
      delayMs: 1_800_000,
      schedule: (fn, ms) => scheduled.push({ fn, ms }),
      storage: sessionStorage,
    });
    trigger();
    trigger();
    await flush();
    expect(ask).toHaveBeenCalledTimes(1);
    expect(scheduled).toHaveLength(1);
    expect(scheduled[0].ms).toBe(1_800_000);
    scheduled[0].fn();
    await flush();
    expect(ask).toHaveBeenCalledTimes(2);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('fires only when a later response carries a higher build version', async () => {
    resetBuildVersionForTests();
    const ask = vi.fn<() => Promise<boolean>>(async () => false);
    const stop = installUpdatePrompt({ ask, reload: () => {}, schedule: () => 0 });
    observeBuildVersion('41');
    observeBuildVersion('41');
    observeBuildVersion('40');
    expect(ask).not.toHaveBeenCalled();
    observeBuildVersion('42');
    await flush();
    expect(ask).toHaveBeenCalledTimes(1);
    stop();
  });

  it('remembers the running build across a full page load and accepts the new one on reload', async () => {
    resetBuildVersionForTests();
    observeBuildVersion('2.0.0');
    expect(sessionStorage.getItem('registry.buildVersion')).toBe('2.0.0');
    // A new page load in the same tab: module state is gone, sessionStorage is not.
    resetBuildVersionForTestsKeepingStorage();
    const ask = vi.fn<() => Promise<boolean>>(async () => true);
    const reload = vi.fn<() => void>();
    const stop = installUpdatePrompt({ ask, reload });
    observeBuildVersion('2.0.1');
    await flush();
    expect(ask).toHaveBeenCalledTimes(1);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(sessionStorage.getItem('registry.buildVersion')).toBe('2.0.1');
    stop();
  });

  it('prompts for a newer version seen before the prompt was installed', async () => {
    resetBuildVersionForTests();
    observeBuildVersion('7');
    observeBuildVersion('8');
    const ask = vi.fn<() => Promise<boolean>>(async () => false);
    const stop = installUpdatePrompt({ ask, reload: () => {}, schedule: () => 0 });
    await flush();
    expect(ask).toHaveBeenCalledTimes(1);
    stop();
  });

  it('compares numeric and dotted versions', () => {
    expect(compareVersions('10', '9')).toBeGreaterThan(0);
    expect(compareVersions('2.0.10', '2.0.9')).toBeGreaterThan(0);
    expect(compareVersions('5', '5')).toBe(0);
  });
});
