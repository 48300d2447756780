import { useNavigate } from 'react-router';

import type { CurrentUser } from '../../../auth/hooks/useCurrentUser';
import styles from '../admin.module.css';
import { ClaimsPanel } from '../claims/ClaimsPanel';
import { LedgerView } from '../ledger/LedgerView';

import { FinanceReport } from './FinanceReport';
import { Reconciliation } from './Reconciliation';

/** Finance: the report with its chart, any ledger view with its CSV, and reconciliation. */
export const FinanceSection = ({ viewer }: { viewer: CurrentUser }) => {
  const navigate = useNavigate();
  const openUser = (userId: string) => void navigate(`/admin?section=users&user=${userId}`);
  return (
    <div className={styles.stack}>
      <FinanceReport />
      <LedgerView
        title="Ledger"
        intro="Every credit movement across all users, newest first. Narrow it by type, dates or one user; the CSV holds the same view."
        viewerId={viewer.id}
        onOpenUser={openUser}
      />
      <Reconciliation onOpenUser={openUser} />
      <ClaimsPanel />
    </div>
  );
};
