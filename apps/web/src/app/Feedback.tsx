// antd's App (message, notification and modal hooks) for every screen but the login page, loaded with the first of them.
import type { ReactNode } from 'react';
import { App as AntApp } from 'antd';

export function Feedback({ children }: { children: ReactNode }) {
  return <AntApp>{children}</AntApp>;
}
