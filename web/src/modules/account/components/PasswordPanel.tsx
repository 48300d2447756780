import { useMutation } from '@apollo/client/react';
import { useState } from 'react';

import { graphql } from '../../../gql';
import { useToast } from '../../toast/hooks/useToast';
import { Button } from '../../ui/components/Button';
import { currentPasswordError, newPasswordError, onlyErrors } from '../utils/account-validation';

import { AccountActionDialog } from './AccountActionDialog';
import styles from './AccountSettings.module.css';

const CHANGE_PASSWORD = graphql(`
  mutation ChangePassword($input: ChangePasswordInput!) {
    changePassword(input: $input) {
      message
    }
  }
`);

type PasswordPanelProps = { hasPassword: boolean };

/** Change of password: asks for the current one; every other session is signed out. */
export const PasswordPanel = ({ hasPassword }: PasswordPanelProps) => {
  const { toast } = useToast();
  const [changing, setChanging] = useState(false);
  const [changePassword] = useMutation(CHANGE_PASSWORD);
  return (
    <section className={styles.panel} aria-labelledby="account-password-title">
      <h3 id="account-password-title" className={styles.panelTitle}>
        Password
      </h3>
      <p className={styles.text}>
        {hasPassword
          ? 'Changing your password signs you out on every other device.'
          : 'Your account signs in with Google and has no password here.'}
      </p>
      {hasPassword && (
        <div className={styles.actions}>
          <Button
            size="sm"
            variant="secondary"
            aria-haspopup="dialog"
            onClick={() => setChanging(true)}
          >
            Change password
          </Button>
        </div>
      )}
      {changing && (
        <AccountActionDialog
          title="Change password"
          intro="Enter your current password, then the new one twice."
          fields={[
            {
              name: 'currentPassword',
              label: 'Current password',
              type: 'password',
              autoComplete: 'current-password',
            },
            {
              name: 'newPassword',
              label: 'New password',
              type: 'password',
              autoComplete: 'new-password',
              hint: 'At least 6 characters',
            },
            {
              name: 'repeatPassword',
              label: 'Repeat the new password',
              type: 'password',
              autoComplete: 'new-password',
            },
          ]}
          validate={(values) =>
            onlyErrors({
              currentPassword: currentPasswordError(values.currentPassword),
              newPassword: newPasswordError(values.newPassword),
              repeatPassword:
                !newPasswordError(values.newPassword) &&
                values.repeatPassword !== values.newPassword
                  ? 'The two passwords do not match'
                  : undefined,
            })
          }
          submit={async (values) => {
            const result = await changePassword({
              variables: {
                input: {
                  currentPassword: values.currentPassword,
                  newPassword: values.newPassword,
                },
              },
            });
            toast({ title: 'Password changed', description: result.data?.changePassword.message });
            setChanging(false);
          }}
          submitLabel="Change password"
          pendingLabel="Saving..."
          onClose={() => setChanging(false)}
        />
      )}
    </section>
  );
};
