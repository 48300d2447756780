import { useApolloClient, useMutation } from '@apollo/client/react';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';

import { graphql } from '../../../gql';
import { errorCodeOf } from '../../apollo/utils/graphql-errors';
import { useToast } from '../../toast/hooks/useToast';
import { startLeavingAfterLogout } from '../../auth/utils/logout-in-progress';
import { Button, ButtonLink } from '../../ui/components/Button';
import { currentPasswordError, onlyErrors } from '../utils/account-validation';

import { AccountActionDialog } from './AccountActionDialog';
import styles from './AccountSettings.module.css';

const DELETE_ACCOUNT = graphql(`
  mutation DeleteAccount($input: DeleteAccountInput!) {
    deleteAccount(input: $input) {
      message
    }
  }
`);

type DeleteAccountPanelProps = { hasPassword: boolean; hasPaidPlan: boolean };

/** Delete my account: a confirmation dialog with the password (or a recent Google sign-in). */
export const DeleteAccountPanel = ({ hasPassword, hasPaidPlan }: DeleteAccountPanelProps) => {
  const { toast } = useToast();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const client = useApolloClient();
  const [confirming, setConfirming] = useState(false);
  const [needsGoogle, setNeedsGoogle] = useState(false);
  const [deleteAccount] = useMutation(DELETE_ACCOUNT);

  return (
    <section className={`${styles.panel} ${styles.danger}`} aria-labelledby="account-delete-title">
      <h3 id="account-delete-title" className={styles.panelTitle}>
        Delete account
      </h3>
      <p className={styles.text}>
        Deletes your profile, your creations and their prompts, your messages and your sign-in. This
        cannot be undone.
      </p>
      <div className={styles.actions}>
        <Button
          size="sm"
          variant="danger"
          aria-haspopup="dialog"
          onClick={() => setConfirming(true)}
        >
          Delete my account
        </Button>
      </div>
      {confirming && (
        <AccountActionDialog
          title="Delete your account?"
          intro="Your creations, prompts, profile and messages are erased, and you are signed out. Your credits are lost. Download your data first if you want a copy."
          fields={
            hasPassword
              ? [
                  {
                    name: 'currentPassword',
                    label: 'Your password',
                    type: 'password',
                    autoComplete: 'current-password',
                  },
                ]
              : []
          }
          validate={(values) =>
            hasPassword
              ? onlyErrors({ currentPassword: currentPasswordError(values.currentPassword ?? '') })
              : {}
          }
          submit={async (values) => {
            try {
              const result = await deleteAccount({
                variables: { input: { currentPassword: values.currentPassword ?? null } },
              });
              setConfirming(false);
              // As logout does: leave the signed-in page before the cache empties, and while the
              // root's code loads the page being left must not send the visitor to /auth.
              startLeavingAfterLogout(pathname);
              await navigate('/', { replace: true, flushSync: true });
              await client.resetStore().catch(() => undefined);
              toast({ title: 'Account deleted', description: result.data?.deleteAccount.message });
            } catch (error) {
              if (errorCodeOf(error) === 'REAUTH_REQUIRED') setNeedsGoogle(true);
              throw error;
            }
          }}
          submitLabel="Delete my account forever"
          pendingLabel="Deleting..."
          variant="danger"
          onClose={() => setConfirming(false)}
        >
          {hasPaidPlan && (
            <p className={styles.warning}>
              Your paid plan is cancelled at once, without a refund of the current period.
            </p>
          )}
          {!hasPassword && (
            <p className={styles.text}>
              Your account signs in with Google: if your last sign-in was more than 10 minutes ago,
              sign in with Google again first.
            </p>
          )}
          {needsGoogle && (
            <ButtonLink to="/auth/google?redirect=%2Fprofile" variant="secondary" size="sm">
              Sign in with Google again
            </ButtonLink>
          )}
        </AccountActionDialog>
      )}
    </section>
  );
};
