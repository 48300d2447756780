import { useMutation, useQuery } from '@apollo/client/react';
import { useState } from 'react';

import { graphql } from '../../../../gql';
import type { AdminContactMessagesQuery, ContactCategory } from '../../../../gql/graphql';
import { CONTACT_CATEGORIES } from '../../../contact/utils/contact-categories';
import { useToast } from '../../../toast/hooks/useToast';
import { Badge } from '../../../ui/components/Badge';
import { Button } from '../../../ui/components/Button';
import { Spinner } from '../../../ui/components/Spinner';
import { adminErrorMessage } from '../../utils/admin-errors';
import { formatUtc } from '../../utils/admin-format';
import { QueryState } from '../QueryState';
import styles from '../admin.module.css';

import inbox from './InboxSection.module.css';

const CONTACT_MESSAGES_QUERY = graphql(`
  query AdminContactMessages(
    $category: ContactCategory
    $handled: Boolean
    $first: Int
    $after: String
  ) {
    staffContactMessages(category: $category, handled: $handled, first: $first, after: $after) {
      messages {
        id
        name
        email
        subject
        category
        message
        marketingConsent
        createdAt
        handledAt
      }
      nextCursor
    }
  }
`);

const MARK_HANDLED_MUTATION = graphql(`
  mutation AdminMarkContactHandled($id: ID!, $handled: Boolean!) {
    staffMarkContactHandled(id: $id, handled: $handled) {
      id
      handledAt
    }
  }
`);

type Message = AdminContactMessagesQuery['staffContactMessages']['messages'][number];
type HandledFilter = 'open' | 'handled' | 'all';

const PAGE_SIZE = 20;

const categoryLabel = (category: ContactCategory): string =>
  CONTACT_CATEGORIES.find((entry) => entry.value.toUpperCase() === category)?.label ?? category;

const MessageCard = ({ message }: { message: Message }) => {
  const { toast } = useToast();
  const [mark, { loading }] = useMutation(MARK_HANDLED_MUTATION);
  const handled = Boolean(message.handledAt);
  const titleId = `message-${message.id}-title`;

  const toggle = async () => {
    try {
      await mark({ variables: { id: message.id, handled: !handled } });
      toast({ title: handled ? 'Message reopened' : 'Message marked handled' });
    } catch (error) {
      toast({
        title: 'The message could not be updated',
        description: adminErrorMessage(error, 'Please try again.'),
        variant: 'destructive',
      });
    }
  };

  return (
    <li>
      <article className={inbox.card} aria-labelledby={titleId} data-handled={handled}>
        <header className={inbox.cardHeader}>
          <div className={inbox.badges}>
            <Badge tone="primary">{categoryLabel(message.category)}</Badge>
            {handled ? <Badge tone="success">Handled</Badge> : <Badge tone="warning">Open</Badge>}
          </div>
          <time className={`${styles.small} ${styles.muted}`} dateTime={message.createdAt}>
            {formatUtc(message.createdAt)}
          </time>
        </header>
        <h3 id={titleId} className={inbox.subject}>
          {message.subject || 'No subject'}
        </h3>
        <p className={inbox.from}>
          From {message.name} &lt;
          <a href={`mailto:${message.email}`}>{message.email}</a>&gt;
          <span className={styles.muted}>
            {' '}
            · {message.marketingConsent ? 'agreed to marketing' : 'no marketing consent'}
          </span>
        </p>
        <p className={inbox.body}>{message.message}</p>
        <footer className={inbox.cardFooter}>
          {handled && message.handledAt && (
            <span className={`${styles.small} ${styles.muted}`}>
              Handled {formatUtc(message.handledAt)}
            </span>
          )}
          <Button
            size="sm"
            variant={handled ? 'ghost' : 'secondary'}
            busy={loading}
            aria-describedby={titleId}
            onClick={() => void toggle()}
          >
            {handled ? 'Reopen' : 'Mark handled'}
          </Button>
        </footer>
      </article>
    </li>
  );
};

/** The contact form's messages, newest first, by category and state; marked handled or reopened. */
export const InboxSection = () => {
  const [category, setCategory] = useState<ContactCategory | ''>('');
  const [handled, setHandled] = useState<HandledFilter>('open');
  const [loadingMore, setLoadingMore] = useState(false);
  const variables = {
    category: category || null,
    handled: handled === 'all' ? null : handled === 'handled',
    first: PAGE_SIZE,
  };
  const { data, loading, error, fetchMore } = useQuery(CONTACT_MESSAGES_QUERY, {
    variables,
    fetchPolicy: 'cache-and-network',
  });
  const page = data?.staffContactMessages;

  const showMore = async () => {
    if (!page?.nextCursor) return;
    setLoadingMore(true);
    try {
      await fetchMore({
        variables: { ...variables, after: page.nextCursor },
        updateQuery: (previous, { fetchMoreResult }) => ({
          staffContactMessages: {
            ...fetchMoreResult.staffContactMessages,
            messages: [
              ...(previous?.staffContactMessages?.messages ?? []),
              ...fetchMoreResult.staffContactMessages.messages,
            ],
          },
        }),
      });
    } finally {
      setLoadingMore(false);
    }
  };

  return (
    <section className={styles.panel} aria-labelledby="inbox-title">
      <div>
        <h2 id="inbox-title" className={styles.panelTitle}>
          Contact inbox
        </h2>
        <p className={styles.panelIntro}>
          Messages sent through the contact form, newest first. Reply by email, then mark them
          handled.
        </p>
      </div>
      <div className={styles.toolbar}>
        <label className={styles.field}>
          <span className={styles.fieldLabel}>Category</span>
          <select
            className={styles.control}
            value={category}
            onChange={(event) => setCategory(event.target.value as ContactCategory | '')}
          >
            <option value="">All categories</option>
            {CONTACT_CATEGORIES.map((entry) => (
              <option key={entry.value} value={entry.value.toUpperCase()}>
                {entry.label}
              </option>
            ))}
          </select>
        </label>
        <label className={styles.field}>
          <span className={styles.fieldLabel}>State</span>
          <select
            className={styles.control}
            value={handled}
            onChange={(event) => setHandled(event.target.value as HandledFilter)}
          >
            <option value="open">Open</option>
            <option value="handled">Handled</option>
            <option value="all">All</option>
          </select>
        </label>
        {loading && page && <Spinner label="Refreshing" />}
      </div>
      <QueryState
        loading={!page && loading}
        loadingText="Loading messages…"
        error={error}
        errorText={'The inbox could not be loaded.'}
      />
      {page && page.messages.length === 0 && (
        <p className={styles.empty}>No messages match these filters.</p>
      )}
      {page && page.messages.length > 0 && (
        <ul className={inbox.list} aria-label="Messages">
          {page.messages.map((message) => (
            <MessageCard key={message.id} message={message} />
          ))}
        </ul>
      )}
      {page?.nextCursor && (
        <div className={styles.pager}>
          <Button size="sm" variant="secondary" busy={loadingMore} onClick={() => void showMore()}>
            Show more messages
          </Button>
        </div>
      )}
    </section>
  );
};
