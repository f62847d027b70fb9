import { useCallback, useState } from 'react';

const KEY = 'registry.layoutSettings';

export interface LayoutSettings {
  siderCollapsed: boolean;
}

const DEFAULTS: LayoutSettings = { siderCollapsed: false };

export function readLayoutSettings(): LayoutSettings {
  try {
    const raw = localStorage.getItem(KEY);
    return raw ? { ...DEFAULTS, ...(JSON.parse(raw) as Partial<LayoutSettings>) } : DEFAULTS;
  } catch {
    return DEFAULTS;
  }
}

export function useLayoutSettings(): [LayoutSettings, (patch: Partial<LayoutSettings>) => void] {
  const [settings, setSettings] = useState(readLayoutSettings);
  const update = useCallback((patch: Partial<LayoutSettings>) => {
    setSettings((prev) => {
      const next = { ...prev, ...patch };
      localStorage.setItem(KEY, JSON.stringify(next));
      return next;
    });
  }, []);
  return [settings, update];
}
