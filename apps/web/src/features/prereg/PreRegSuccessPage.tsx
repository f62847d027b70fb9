import { Link, useSearch } from '@tanstack/react-router';
import { Result } from 'antd';
import { AnonLayout } from '../../app/AnonLayout';
import { getToken } from '../../app/tokenStorage';
import { OrderConfirmation } from '../shop/OrderConfirmation';

/** /reg/success: the pre-registration is saved; the property's staff approve it next. */
export function PreRegSuccessPage() {
  const search = useSearch({ strict: false }) as {
    uid?: string;
    hasDogs?: string | boolean;
    orderId?: string;
    propertyCode?: string;
  };
  const hasDogs = search.hasDogs === true || search.hasDogs === 'true';
  return (
    <AnonLayout title="Pre-registration complete">
      <Result
        status="success"
        title="Thank you for pre-registering."
        subTitle={
          <>
            {search.uid && (
              <p>
                Your resident number is <strong data-testid="resident-number">{search.uid}</strong>. Use it with your
                password to sign in.
              </p>
            )}
            <p>
              {hasDogs
                ? 'Your property will review your registration and your dogs; you will receive an email once they are approved.'
                : 'Your property will review your registration.'}
            </p>
            {search.orderId && <p>Your order number is {search.orderId}.</p>}
            {search.orderId && /^\d+$/.test(search.orderId) && getToken() && (
              <OrderConfirmation orderId={Number(search.orderId)} isPreReg={Boolean(search.propertyCode)} />
            )}
          </>
        }
        extra={<Link to="/reg/overview">Go to my registration</Link>}
      />
    </AnonLayout>
  );
}
