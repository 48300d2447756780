import { graphql } from '../../../gql';
import type { AccountSettings_UserFragment } from '../../../gql/graphql';

import styles from './AccountSettings.module.css';
import { DataExportPanel } from './DataExportPanel';
import { DeleteAccountPanel } from './DeleteAccountPanel';
import { EmailPanel } from './EmailPanel';
import { PasswordPanel } from './PasswordPanel';

export const ACCOUNT_SETTINGS_FRAGMENT = graphql(`
  fragment AccountSettings_User on User {
    id
    email
    emailVerified
    hasPassword
    pendingEmail
    subscriptionStatus
  }
`);

type AccountSettingsProps = { user: AccountSettings_UserFragment };

/** The profile's account and privacy section. */
export const AccountSettings = ({ user }: AccountSettingsProps) => (
  <section className={styles.section} aria-labelledby="account-settings-title">
    <h2 id="account-settings-title" className={styles.title}>
      Account and privacy
    </h2>
    <div className={styles.panels}>
      <EmailPanel user={user} />
      <PasswordPanel hasPassword={user.hasPassword} />
      <DataExportPanel />
      <DeleteAccountPanel
        hasPassword={user.hasPassword}
        hasPaidPlan={user.subscriptionStatus === 'ACTIVE' || user.subscriptionStatus === 'PAST_DUE'}
      />
    </div>
  </section>
);
