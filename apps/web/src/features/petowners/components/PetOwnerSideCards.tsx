import { useState } from 'react';
import { Button, Card, Modal, Space, Typography } from 'antd';
import type { PetOwnerView } from '@registry/contracts';
import { dismissAncestryUpgrade, showsAncestryUpgrade } from '../petOwnerRules';

type PromoKind = 'retail' | 'collar';
const PROMOS: Record<PromoKind, { title: string; field: 'chewyPromoCode' | 'fiCollarPromoCode'; text: string }> = {
  retail: {
    title: 'Retail promo code',
    field: 'chewyPromoCode',
    text: 'Use this code at checkout with our retail partner.',
  },
  collar: {
    title: 'Collar promo code',
    field: 'fiCollarPromoCode',
    text: 'Use this code when ordering a smart collar for your dog.',
  },
};

/** Promotions (spec 2 §2): modals showing the owner's retail and collar promo codes. */
export function PetOwnerPromotionsCard({ owner }: { owner: PetOwnerView }) {
  const [open, setOpen] = useState<PromoKind | null>(null);
  const promo = open ? PROMOS[open] : null;
  const code = promo ? owner[promo.field] : null;
  return (
    <Card title="Promotions">
      <Space wrap>
        <Button onClick={() => setOpen('retail')}>Retail promo code</Button>
        <Button onClick={() => setOpen('collar')}>Collar promo code</Button>
      </Space>
      <Modal
        open={open !== null}
        title={promo?.title}
        onCancel={() => setOpen(null)}
        footer={<Button onClick={() => setOpen(null)}>Done</Button>}
      >
        {code ? (
          <>
            <Typography.Paragraph>{promo?.text}</Typography.Paragraph>
            <Typography.Title level={4} copyable>
              {code}
            </Typography.Title>
          </>
        ) : (
          <Typography.Paragraph>No promo code has been assigned yet.</Typography.Paragraph>
        )}
      </Modal>
    </Card>
  );
}

/** The ancestry upgrade offer: for the owner themselves, once, until dismissed in this browser. */
export function AncestryUpgradeModal({
  me,
  owner,
}: {
  me: { isAdmin: boolean; isPetOwner: boolean } | undefined;
  owner: PetOwnerView;
}) {
  const [open, setOpen] = useState(() => showsAncestryUpgrade(me, owner));
  const close = () => {
    dismissAncestryUpgrade(owner.id);
    setOpen(false);
  };
  return (
    <Modal
      open={open}
      title="Discover your dog's ancestry"
      onCancel={close}
      footer={
        <Button type="primary" onClick={close}>
          Not now
        </Button>
      }
    >
      <Typography.Paragraph>
        Your dog's DNA is already on file. Upgrade to an ancestry report to learn about breeds, traits and relatives.
        Ancestry products will be offered in the shop.
      </Typography.Paragraph>
    </Modal>
  );
}
