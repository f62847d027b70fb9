import { useCallback, useState, useSyncExternalStore } from 'react';

const KEY = 'registry.layoutSettings';

export interface LayoutSettings {
  siderCollapsed: boolean;
}

const DEFAULTS: LayoutSettings = { siderCollapsed: false };

function readLayoutSettings(): LayoutSettings {
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

// Below antd's md breakpoint (a phone) the side column becomes a drawer opened from the header.
const NARROW_QUERY = '(max-width: 767.98px)';
const narrowMedia = () => (typeof window.matchMedia === 'function' ? window.matchMedia(NARROW_QUERY) : null);
const subscribeNarrow = (onChange: () => void) => {
  const media = narrowMedia();
  media?.addEventListener?.('change', onChange);
  return () => media?.removeEventListener?.('change', onChange);
};

export function useNarrowScreen(): boolean {
  return useSyncExternalStore(subscribeNarrow, () => narrowMedia()?.matches ?? false);
}
