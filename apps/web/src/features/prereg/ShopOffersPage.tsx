import { Link, useSearch } from '@tanstack/react-router';
import { Card, Result } from 'antd';
import { PageTitle } from '../../components/PageTitle';

/** /shop/offers: the dog products shop of the pre-registration flow. Until the shop lands, it says so plainly. */
export function ShopOffersPage() {
  const search = useSearch({ strict: false }) as { propertyCode?: string };
  return (
    <>
      <PageTitle>Dog DNA products</PageTitle>
      <Card>
        <Result
          status="info"
          title="The shop is not open yet."
          subTitle="Your pre-registration is saved. Ancestry DNA products for your dogs will be offered here once the shop opens."
          extra={
            <Link to="/reg/success" search={{ propertyCode: search.propertyCode, hasDogs: true }}>
              Continue
            </Link>
          }
        />
      </Card>
    </>
  );
}
