import { useState } from 'react';
import { Button } from 'antd';
import Input, { type InputProps } from 'antd/es/input/Input';
import { EyeInvisibleOutlined, EyeOutlined } from '@ant-design/icons';

export type PasswordInputProps = Omit<InputProps, 'type' | 'suffix'>;

/** A password field with an accessible show/hide toggle (antd's eye icon has no button role). */
export function PasswordInput(props: PasswordInputProps) {
  const [visible, setVisible] = useState(false);
  return (
    <Input
      autoComplete="current-password"
      {...props}
      type={visible ? 'text' : 'password'}
      suffix={
        <Button
          type="text"
          size="small"
          tabIndex={-1}
          // Named 'Show'/'Hide' (described by the title) so a label lookup for 'Password' finds only the field.
          aria-label={visible ? 'Hide' : 'Show'}
          title={visible ? 'Hide password' : 'Show password'}
          aria-pressed={visible}
          icon={visible ? <EyeInvisibleOutlined /> : <EyeOutlined />}
          onClick={() => setVisible((v) => !v)}
          style={{ height: 22 }}
        />
      }
    />
  );
}
