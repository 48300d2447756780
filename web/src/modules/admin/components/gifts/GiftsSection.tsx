import { useQuery } from '@apollo/client/react';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';

import { graphql } from '../../../../gql';
import type { StaffGiftStatus } from '../../../../gql/graphql';
import type { CurrentUser } from '../../../auth/hooks/useCurrentUser';
import { Badge, type BadgeTone } from '../../../ui/components/Badge';
import { Button } from '../../../ui/components/Button';
import { formatCount, formatMoney, formatUtc, humanize } from '../../utils/admin-format';
import { hasStaffPower } from '../../utils/staff-roles';
import { QueryState } from '../QueryState';
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

/**
 * Gifts by code or buyer email (the term lives in the address, `q`): who paid, where each stands,
 * who redeemed it. Support may void an unredeemed gift (the server checks; finance only looks).
 */
export const GiftsSection = ({ viewer }: { viewer: CurrentUser }) => {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const query = params.get('q') ?? '';
  const [draft, setDraft] = useState(query);
  const [voiding, setVoiding] = useState<VoidTarget | null>(null);
  const term = query.trim();
  const canVoid = hasStaffPower(viewer.roles, 'SUPPORT');
  const { data, loading, error } = useQuery(STAFF_GIFTS_QUERY, {
    variables: { query: term },
    skip: !term,
    fetchPolicy: 'network-only',
  });
  const gifts = term ? data?.staffGifts : undefined;

  return (
    <section className={styles.panel} aria-labelledby="gift-search-title">
      <div>
        <h2 id="gift-search-title" className={styles.panelTitle}>
          Gifts
        </h2>
        <p className={styles.panelIntro}>
          Search by gift code (as the customer reads it out), gift id, or the buyer’s email (part of
          it works). Codes are never shown here.
        </p>
      </div>
      <form
        role="search"
        className={styles.toolbar}
        onSubmit={(event) => {
          event.preventDefault();
          const next = draft.trim();
          void navigate(
            next ? `/admin?section=gifts&q=${encodeURIComponent(next)}` : '/admin?section=gifts',
          );
        }}
      >
        <label className={`${styles.field} ${styles.grow}`}>
          <span className={styles.fieldLabel}>Code or buyer email</span>
          <input
            className={styles.control}
            type="search"
            name="q"
            value={draft}
            autoComplete="off"
            spellCheck={false}
            onChange={(event) => setDraft(event.target.value)}
          />
        </label>
        <Button type="submit" size="sm">
          Search
        </Button>
      </form>

      <QueryState
        loading={!!term && loading && !gifts}
        loadingText="Searching…"
        error={term ? error : undefined}
        errorText="The search failed. Please try again."
      />
      {gifts && gifts.length === 0 && (
        <p className={styles.empty} role="status">
          No gift matches “{term}”.
        </p>
      )}
      {gifts && gifts.length > 0 && (
        <div className={styles.tableWrap} tabIndex={0} role="region" aria-label="Matching gifts">
          <table className={styles.table}>
            <caption>
              {gifts.length === 1 ? '1 gift' : `${gifts.length} gifts`} matching “{term}”
            </caption>
            <thead>
              <tr>
                <th scope="col">Status</th>
                <th scope="col">Buyer</th>
                <th scope="col" className={styles.num}>
                  Credits
                </th>
                <th scope="col">Paid</th>
                <th scope="col">Redeemed by</th>
                <th scope="col">
                  <span className={styles.muted}>Action</span>
                </th>
              </tr>
            </thead>
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
                    <div className={`${styles.muted} ${styles.small}`}>
                      {formatUtc(gift.paidAt)}
                    </div>
                  </td>
                  <td className={styles.wrapText}>
                    {gift.redeemedBy ? gift.redeemedBy.email : '—'}
                    {gift.redeemedAt && (
                      <div className={`${styles.muted} ${styles.small}`}>
                        {formatUtc(gift.redeemedAt)}
                      </div>
                    )}
                  </td>
                  <td>
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
          </table>
        </div>
      )}
      {voiding && <VoidGiftDialog gift={voiding} onClose={() => setVoiding(null)} />}
    </section>
  );
};
