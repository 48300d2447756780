import { useState } from 'react';

import { graphql } from '../../../gql';
import type { ProfileIdentityCard_UserFragment } from '../../../gql/graphql';
import { initialsOf } from '../../layout/utils/initials-of';
import { Badge } from '../../ui/components/Badge';
import { Button } from '../../ui/components/Button';
import { EmailText } from '../../ui/components/EmailText';
import { IconLogout, IconUser } from '../../ui/icons/icons';
import { subscriptionBadge } from '../utils/subscription-display';

import { EditProfileDialog } from './EditProfileDialog';
import styles from './ProfileCards.module.css';

export const PROFILE_IDENTITY_CARD_FRAGMENT = graphql(`
  fragment ProfileIdentityCard_User on User {
    id
    email
    emailVerified
    username
    fullName
    profileImageUrl
    subscriptionStatus
  }
`);

type ProfileIdentityCardProps = {
  user: ProfileIdentityCard_UserFragment;
  onLogout: () => void;
  loggingOut: boolean;
};

/** Avatar, name, @username, email, account status badge, Edit Profile and Logout. */
export const ProfileIdentityCard = ({ user, onLogout, loggingOut }: ProfileIdentityCardProps) => {
  const [editing, setEditing] = useState(false);
  const displayName = user.fullName || user.username;
  const badge = subscriptionBadge(user.subscriptionStatus);
  return (
    <section className={`${styles.card} ${styles.identity}`} aria-labelledby="profile-name">
      <span className={styles.avatar} aria-hidden="true">
        {user.profileImageUrl ? (
          <img src={user.profileImageUrl} alt="" width={96} height={96} />
        ) : (
          initialsOf(displayName)
        )}
      </span>
      <div className={styles.who}>
        <h2 id="profile-name" className={styles.name}>
          {displayName}
        </h2>
        <p className={styles.username}>@{user.username}</p>
        <p className={styles.email}>
          <EmailText email={user.email} />{' '}
          {user.emailVerified ? (
            <Badge tone="success">Verified</Badge>
          ) : (
            <Badge tone="warning">Not verified</Badge>
          )}
        </p>
        <p className={styles.status}>
          <span className={styles.statusLabel}>Account status</span>
          <Badge tone={badge.tone}>{badge.label}</Badge>
        </p>
      </div>
      <div className={styles.identityActions}>
        {/* The spec's Edit Profile had no behaviour; here it edits the full name and username. */}
        <Button
          variant="secondary"
          size="sm"
          icon={<IconUser size={16} />}
          aria-haspopup="dialog"
          onClick={() => setEditing(true)}
        >
          Edit Profile
        </Button>
        <Button
          variant="ghost"
          size="sm"
          busy={loggingOut}
          icon={<IconLogout size={16} />}
          onClick={onLogout}
        >
          Logout
        </Button>
      </div>
      {editing && (
        <EditProfileDialog
          initial={{ fullName: user.fullName ?? '', username: user.username }}
          email={user.email}
          onClose={() => setEditing(false)}
        />
      )}
    </section>
  );
};
