import { Link, useSearch } from '@tanstack/react-router';
import { Result } from 'antd';
import { AnonLayout } from '../../components/AnonLayout';
import { useCurrentUser } from '../../lib/auth';
import { getToken } from '../../lib/tokenStorage';
import { OrderConfirmation } from '../shop/OrderConfirmation';

/**
 * /reg/success: where checkout ends with the order id (spec 2 §4) and where pre-registration ends. A resident coming
 * straight from pre-registration is thanked for it (their sign-in name, what happens next, their order if they placed
 * one); anyone else who paid (a pet owner buying a kit) gets the order confirmation.
 */
export function PreRegSuccessPage() {
  const search = useSearch({ strict: false }) as {
    uid?: string;
    hasDogs?: string | boolean;
    orderId?: string;
    propertyCode?: string;
  };
  const user = useCurrentUser();
  const hasDogs = search.hasDogs === true || search.hasDogs === 'true';
  const orderId = search.orderId && /^\d+$/.test(search.orderId) ? Number(search.orderId) : null;
  const fromPreRegistration = Boolean(search.propertyCode) && !user?.isPetOwner;
  if (orderId !== null && !fromPreRegistration)
    return (
      <AnonLayout title="Order confirmation">
        <Result
          status="success"
          title="Thank you for your order."
          subTitle={
            <>
              <p>
                Your order number is <strong data-testid="order-number">{orderId}</strong>. A confirmation has been sent
                to your email.
              </p>
              <p>
                What happens next: we prepare your kit and ship it to you; the order&apos;s status in My orders follows
                it until its results are ready.
              </p>
              {getToken() && <OrderConfirmation orderId={orderId} isPreReg={false} />}
            </>
          }
          extra={<Link to="/shop/orders">My orders</Link>}
        />
      </AnonLayout>
    );
  const userName = search.uid ?? (user?.isResident ? user.userName : undefined);
  return (
    <AnonLayout title="Pre-registration complete">
      <Result
        status="success"
        title="Thank you for pre-registering."
        subTitle={
          <>
            {userName && (
              <p>
                Your resident number is <strong data-testid="resident-number">{userName}</strong>. Use it with your
                password to sign in.
              </p>
            )}
            <p>
              {hasDogs
                ? 'Your property will review your registration and your dogs; you will receive an email once they are approved.'
                : 'Your property will review your registration.'}
            </p>
            {orderId !== null && <p>Your order number is {orderId}.</p>}
            {orderId !== null && getToken() && (
              <OrderConfirmation orderId={orderId} isPreReg={Boolean(search.propertyCode)} />
            )}
          </>
        }
        extra={<Link to="/reg/overview">Go to my registration</Link>}
      />
    </AnonLayout>
  );
}
