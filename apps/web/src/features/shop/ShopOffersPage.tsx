// /shop/offers?propertyCode (spec 2 §2): the products for each eligible dog (pets, or dogs pre-registered and not yet
// registered); the buyer ticks what they want, the cart is created and the summary opens. A product already ordered
// for a dog is shown as ordered. A buyer outside the enabled countries is told so.
import { useState } from 'react';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { Alert, App, Button, Card, Checkbox, Empty, List, Space, Spin, Tag, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { ShopMessages } from '@registry/contracts';
import { PageTitle } from '../../components/PageTitle';
import { canPurchaseQuery, money, offersQuery, useCreateCart } from './shop.api';

type DogKey = string;
const keyOf = (dog: { petId: number | null; preRegDogId: number | null }) =>
  dog.petId != null ? `p:${dog.petId}` : `r:${dog.preRegDogId}`;

export function ShopOffersPage() {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const search = useSearch({ strict: false }) as { propertyCode?: string; uid?: string };
  const offers = useQuery(offersQuery());
  const allowed = useQuery(canPurchaseQuery());
  const createCart = useCreateCart();
  const [chosen, setChosen] = useState<Set<string>>(new Set());

  if (offers.isLoading || allowed.isLoading) return <Spin />;
  const dogs = offers.data?.dogs ?? [];
  const products = offers.data?.products ?? [];
  const toggle = (dog: DogKey, productId: number, on: boolean) =>
    setChosen((prev) => {
      const next = new Set(prev);
      if (on) next.add(`${dog}|${productId}`);
      else next.delete(`${dog}|${productId}`);
      return next;
    });
  const checkout = () => {
    const items = [...chosen].map((entry) => {
      const [dog, productId] = entry.split('|');
      const [kind, id] = dog.split(':');
      return {
        productId: Number(productId),
        petId: kind === 'p' ? Number(id) : null,
        preRegDogId: kind === 'r' ? Number(id) : null,
      };
    });
    createCart.mutate(items, {
      onSuccess: () => void navigate({ to: '/shop/summary', search: { propertyCode: search.propertyCode } }),
      onError: () => void message.error(ShopMessages.cartFailed),
    });
  };

  return (
    <>
      <PageTitle>Dog DNA products</PageTitle>
      {search.uid && (
        // Straight from pre-registration: the registration worked, and the name they sign in with.
        <Alert
          type="success"
          showIcon
          style={{ marginBottom: 16 }}
          message="Your pre-registration is saved."
          description={
            <span data-testid="registered-banner">
              Your resident number is <strong>{search.uid}</strong>: use it with your password to sign in. Your property
              will review your registration; you can order DNA products for your dogs now.
            </span>
          }
        />
      )}
      {allowed.data && !allowed.data.canPurchase && (
        <Alert type="warning" message={ShopMessages.notInRegion} style={{ marginBottom: 16 }} />
      )}
      {offers.isError && <Alert type="error" message={ShopMessages.loadProductsFailed} style={{ marginBottom: 16 }} />}
      {dogs.length === 0 || products.length === 0 ? (
        <Card>
          <Empty description="There are no products for your dogs right now." />
        </Card>
      ) : (
        dogs.map((dog) => {
          const key = keyOf(dog);
          return (
            <Card key={key} title={dog.name} style={{ marginBottom: 16 }}>
              <List
                dataSource={products}
                renderItem={(product) => {
                  const ordered = dog.orderedProductIds.includes(product.id);
                  return (
                    <List.Item>
                      <Space wrap>
                        <Checkbox
                          aria-label={`${product.name} for ${dog.name}`}
                          disabled={ordered || !allowed.data?.canPurchase}
                          checked={chosen.has(`${key}|${product.id}`)}
                          onChange={(e) => toggle(key, product.id, e.target.checked)}
                        >
                          {product.name}
                        </Checkbox>
                        {product.listPrice != null && product.listPrice > product.price && (
                          <Typography.Text delete>{money(product.listPrice)}</Typography.Text>
                        )}
                        <strong>{money(product.price)}</strong>
                        {ordered && <Tag color="blue">Ordered</Tag>}
                      </Space>
                    </List.Item>
                  );
                }}
              />
            </Card>
          );
        })
      )}
      <Space wrap>
        <Button type="primary" disabled={chosen.size === 0} loading={createCart.isPending} onClick={checkout}>
          Continue to checkout
        </Button>
        <Link to="/reg/success" search={{ propertyCode: search.propertyCode, uid: search.uid, hasDogs: true }}>
          No thanks, continue
        </Link>
      </Space>
    </>
  );
}
