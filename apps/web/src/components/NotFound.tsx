import { Link } from '@tanstack/react-router';
import { Result } from 'antd';

/** For URLs whose id cannot exist (not a positive number), without asking the server. */
export function NotFound({ what }: { what: string }) {
  return (
    <Result
      status="404"
      title={`${what} not found`}
      subTitle="Check the address, or go back to your home page."
      extra={<Link to="/">Home</Link>}
    />
  );
}

export const isValidId = (id: number) => Number.isInteger(id) && id > 0 && id <= 2147483647;
