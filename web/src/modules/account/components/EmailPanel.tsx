import { useMutation } from '@apollo/client/react';
import { useState } from 'react';

import { graphql } from '../../../gql';
import type { AccountSettings_UserFragment } from '../../../gql/graphql';
import { userMessageOf } from '../../apollo/utils/graphql-errors';
import { useToast } from '../../toast/hooks/useToast';
import { Badge } from '../../ui/components/Badge';
import { Button } from '../../ui/components/Button';
import { EmailText } from '../../ui/components/EmailText';
import { currentPasswordError, emailError, onlyErrors } from '../utils/account-validation';

import { AccountActionDialog } from './AccountActionDialog';
import styles from './AccountSettings.module.css';

const RESEND = graphql(`
  mutation ResendVerificationEmail {
    resendVerificationEmail {
      message
    }
  }
`);

const CHANGE_EMAIL = graphql(`
  mutation RequestEmailChange($input: ChangeEmailInput!) {
    requestEmailChange(input: $input) {
      message
    }
  }
`);

type EmailPanelProps = { user: AccountSettings_UserFragment };

/** The email, whether it is confirmed (Resend), and a change that waits for the new address. */
export const EmailPanel = ({ user }: EmailPanelProps) => {
  const { toast } = useToast();
  const [changing, setChanging] = useState(false);
  const [resend, { loading: resending }] = useMutation(RESEND);
  const [changeEmail] = useMutation(CHANGE_EMAIL, { refetchQueries: ['Profile'] });

  const onResend = async () => {
    try {
      const result = await resend();
      toast({
        title: 'Confirmation sent',
        description: result.data?.resendVerificationEmail.message,
      });
    } catch (error) {
      toast({
        title: 'Not sent',
        description: userMessageOf(error) ?? 'The email could not be sent. Please try again.',
        variant: 'destructive',
      });
    }
  };

  return (
    <section className={styles.panel} aria-labelledby="account-email-title">
      <h3 id="account-email-title" className={styles.panelTitle}>
        Email
      </h3>
      <p className={styles.emailRow}>
        <EmailText email={user.email} />
        {user.emailVerified ? (
          <Badge tone="success">Verified</Badge>
        ) : (
          <Badge tone="warning">Not verified</Badge>
        )}
      </p>
      {!user.emailVerified && (
        <p className={styles.text}>
          Open the link we sent to this address to confirm it. Nothing arrived?
        </p>
      )}
      {user.pendingEmail && (
        <p className={styles.text} role="status">
          Waiting for confirmation: {user.pendingEmail}. Your email changes when you open the link
          we sent there.
        </p>
      )}
      {!user.hasPassword && (
        <p className={styles.text}>Your account signs in with Google, which gives us this email.</p>
      )}
      <div className={styles.actions}>
        {!user.emailVerified && (
          <Button size="sm" variant="secondary" busy={resending} onClick={() => void onResend()}>
            Resend confirmation
          </Button>
        )}
        {user.hasPassword && (
          <Button
            size="sm"
            variant="secondary"
            aria-haspopup="dialog"
            onClick={() => setChanging(true)}
          >
            Change email
          </Button>
        )}
      </div>
      {changing && (
        <AccountActionDialog
          title="Change email"
          intro={`Your email stays ${user.email} until you open the link we send to the new address. We also tell ${user.email}.`}
          fields={[
            { name: 'newEmail', label: 'New email', type: 'email', autoComplete: 'email' },
            {
              name: 'currentPassword',
              label: 'Current password',
              type: 'password',
              autoComplete: 'current-password',
            },
          ]}
          validate={(values) =>
            onlyErrors({
              newEmail: emailError(values.newEmail),
              currentPassword: currentPasswordError(values.currentPassword),
            })
          }
          submit={async (values) => {
            const result = await changeEmail({
              variables: {
                input: {
                  newEmail: values.newEmail.trim(),
                  currentPassword: values.currentPassword,
                },
              },
            });
            toast({
              title: 'Check your new inbox',
              description: result.data?.requestEmailChange.message,
            });
            setChanging(false);
          }}
          submitLabel="Send confirmation"
          pendingLabel="Sending..."
          onClose={() => setChanging(false)}
        />
      )}
    </section>
  );
};
