import { useState } from 'react';
import { useSearchParams } from 'react-router';

import { graphql } from '../../../../gql';
import type { StaffGiftStatus } from '../../../../gql/graphql';
import type { CurrentUser } from '../../../auth/hooks/useCurrentUser';
import { Badge, type BadgeTone } from '../../../ui/components/Badge';
import { Button } from '../../../ui/components/Button';
import { formatCount, formatMoney, formatUtc, humanize } from '../../utils/admin-format';
import { hasStaffPower } from '../../utils/staff-roles';
import { useAdminSearch } from '../../hooks/useAdminSearch';
import { AdminSearchPanel } from '../AdminSearchPanel';
import styles from '../admin.module.css';

import { VoidGiftDialog, type VoidTarget } from './VoidGiftDialog';

graphql(`
  fragment GiftsSection_StaffGift on StaffGift {
    id
    status
    credits
    amountPaidCents
    currency
    paidAt
    buyer {
      id
      email
    }
    redeemedBy {
      id
      email
    }
    redeemedAt
    voidedAt
    voidCause
    voidReason
  }
`);

const STAFF_GIFTS_QUERY = graphql(`
  query AdminGifts($query: String!) {
    staffGifts(query: $query) {
      ...GiftsSection_StaffGift
    }
  }
`);

const STATUS_TONE: Readonly<Record<StaffGiftStatus, BadgeTone>> = {
  UNREDEEMED: 'primary',
  REDEEMED: 'success',
  VOIDED: 'danger',
};

const GIFT_COLUMNS = [
  { heading: 'Status' },
  { heading: 'Buyer' },
  { heading: 'Credits', numeric: true },
  { heading: 'Paid' },
  { heading: 'Redeemed by' },
  { heading: <span className={styles.muted}>Action</span>, action: true },
];

/**
 * Gifts by code or buyer email (the term lives in the address, `q`): who paid, where each stands,
 * who redeemed it. Support may void an unredeemed gift (the server checks; finance only looks).
 */
export const GiftsSection = ({ viewer }: { viewer: CurrentUser }) => {
  const [params] = useSearchParams();
  const query = params.get('q') ?? '';
  const [voiding, setVoiding] = useState<VoidTarget | null>(null);
  const canVoid = hasStaffPower(viewer.roles, 'SUPPORT');
  const search = useAdminSearch(STAFF_GIFTS_QUERY, query, (data) => data.staffGifts);

  return (
    <AdminSearchPanel
      section="gifts"
      title="Gifts"
      intro="Search by gift code (as the customer reads it out), gift id, or the buyer’s email (part of it works). Codes are never shown here."
      fieldLabel="Code or buyer email"
      search={search}
      columns={GIFT_COLUMNS}
      noun="gift"
      footer={voiding && <VoidGiftDialog gift={voiding} onClose={() => setVoiding(null)} />}
    >
      {(gifts) => (
        <tbody>
          {gifts.map((gift) => (
            <tr key={gift.id} data-gift-id={gift.id}>
              <td>
                <Badge tone={STATUS_TONE[gift.status]}>{humanize(gift.status)}</Badge>
                {gift.voidedAt && (
                  <div className={`${styles.muted} ${styles.small}`}>
                    {gift.voidCause === 'PAYMENT_REFUNDED'
                      ? 'Payment refunded'
                      : `By staff: ${gift.voidReason ?? ''}`}{' '}
                    · {formatUtc(gift.voidedAt)}
                  </div>
                )}
              </td>
              <td className={styles.wrapText}>{gift.buyer?.email ?? '—'}</td>
              <td className={styles.num}>{formatCount(gift.credits)}</td>
              <td className={styles.nowrap}>
                {formatMoney(gift.amountPaidCents, gift.currency)}
                <div className={`${styles.muted} ${styles.small}`}>{formatUtc(gift.paidAt)}</div>
              </td>
              <td className={styles.wrapText}>
                {gift.redeemedBy ? gift.redeemedBy.email : '—'}
                {gift.redeemedAt && (
                  <div className={`${styles.muted} ${styles.small}`}>
                    {formatUtc(gift.redeemedAt)}
                  </div>
                )}
              </td>
              <td className={styles.actionCell}>
                {canVoid && gift.status === 'UNREDEEMED' && (
                  <Button
                    size="sm"
                    variant="danger"
                    onClick={() =>
                      setVoiding({
                        id: gift.id,
                        credits: gift.credits,
                        amountPaidCents: gift.amountPaidCents,
                        currency: gift.currency,
                        buyerEmail: gift.buyer?.email ?? null,
                      })
                    }
                  >
                    Void…
                  </Button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      )}
    </AdminSearchPanel>
  );
};
