import type { AdminLedgerQuery } from '../../../../gql/graphql';
import {
  actorLabel,
  formatCount,
  formatMoney,
  formatSigned,
  formatUtc,
  humanize,
  ledgerTypeLabel,
  referenceKind,
} from '../../utils/admin-format';
import { AdminTable } from '../AdminTable';
import styles from '../admin.module.css';

export type LedgerEntry = AdminLedgerQuery['staffLedger']['entries'][number];

type LedgerTableProps = {
  entries: readonly LedgerEntry[];
  caption: string;
  /** Adds a user column (views across users). */
  showUser: boolean;
  viewerId: string;
  onOpenUser?: (userId: string) => void;
};

const AmountCell = ({ entry }: { entry: LedgerEntry }) => (
  <td className={styles.num}>
    <span
      className={
        entry.delta > 0 ? styles.positive : entry.delta < 0 ? styles.negative : styles.muted
      }
    >
      {formatSigned(entry.delta)}
    </span>
    {entry.heldDelta !== 0 && (
      <div className={`${styles.small} ${styles.muted}`}>hold {formatSigned(entry.heldDelta)}</div>
    )}
    {entry.type === 'CreditsSpent' && (entry.paidAmount > 0 || entry.freeAmount > 0) && (
      <div className={`${styles.small} ${styles.muted}`}>
        {entry.paidAmount} paid · {entry.freeAmount} free
      </div>
    )}
  </td>
);

const ReferenceCell = ({ entry }: { entry: LedgerEntry }) => (
  <td>
    {entry.reference ? (
      <>
        <div className={`${styles.small} ${styles.muted}`}>{referenceKind(entry.type)}</div>
        <span
          className={`${styles.mono} ${styles.truncate} ${styles.truncateWide}`}
          title={entry.reference}
        >
          {entry.reference}
        </span>
      </>
    ) : (
      <span className={styles.muted}>—</span>
    )}
    {(entry.planId || entry.amountPaidCents !== null) && (
      <div className={`${styles.small} ${styles.muted}`}>
        {[
          entry.planId ? humanize(entry.planId) : null,
          entry.amountPaidCents !== null && entry.amountPaidCents !== undefined
            ? formatMoney(entry.amountPaidCents, entry.currency ?? 'usd')
            : null,
        ]
          .filter(Boolean)
          .join(' · ')}
      </div>
    )}
  </td>
);

/** Ledger entries, newest first: what moved, the balance after it, who did it and why. */
export const LedgerTable = ({
  entries,
  caption,
  showUser,
  viewerId,
  onOpenUser,
}: LedgerTableProps) => (
  <AdminTable
    label={caption}
    caption={caption}
    columns={[
      { label: 'Time' },
      showUser && { label: 'User' },
      { label: 'Type' },
      { label: 'Amount', numeric: true },
      { label: 'Balance', numeric: true },
      { label: 'Actor' },
      { label: 'Reason' },
      { label: 'Reference' },
    ]}
  >
    {entries.map((entry) => (
      <tr key={entry.eventId}>
        <td className={styles.nowrap}>
          <time dateTime={entry.occurredAt}>{formatUtc(entry.occurredAt, { seconds: true })}</time>
        </td>
        {showUser && (
          <td>
            {onOpenUser ? (
              <button
                type="button"
                className={`${styles.linkButton} ${styles.mono} ${styles.truncate}`}
                title={entry.userId}
                onClick={() => onOpenUser(entry.userId)}
              >
                {entry.userId}
              </button>
            ) : (
              <span className={`${styles.mono} ${styles.truncate}`} title={entry.userId}>
                {entry.userId}
              </span>
            )}
          </td>
        )}
        <td className={styles.nowrap}>{ledgerTypeLabel(entry.type)}</td>
        <AmountCell entry={entry} />
        <td className={styles.num}>
          {formatCount(entry.balanceAfter)}
          {entry.heldAfter > 0 && (
            <div className={`${styles.small} ${styles.muted}`}>{entry.heldAfter} held</div>
          )}
        </td>
        <td>
          <div className={styles.nowrap}>
            {actorLabel(entry.actorKind)}
            {entry.actorKind === 'staff' && entry.actorId === viewerId && (
              <span className={styles.muted}> (you)</span>
            )}
          </div>
          {entry.actorId && (
            <span
              className={`${styles.mono} ${styles.muted} ${styles.truncate}`}
              title={entry.actorId}
            >
              {entry.actorId}
            </span>
          )}
        </td>
        <td className={styles.wrapText}>
          {entry.reason || <span className={styles.muted}>—</span>}
        </td>
        <ReferenceCell entry={entry} />
      </tr>
    ))}
  </AdminTable>
);
