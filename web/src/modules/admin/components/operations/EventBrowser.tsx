import { useQuery } from '@apollo/client/react';
import { useId, useState } from 'react';

import { graphql } from '../../../../gql';
import { QueryState } from '../QueryState';
import styles from '../admin.module.css';

import { EventFilterForm, type Browse } from './EventFilterForm';
import { EventItem } from './EventItem';
import { EventPager } from './EventPager';
import ops from './OperationsSection.module.css';

const EVENTS_QUERY = graphql(`
  query AdminEvents($stream: String, $after: String, $first: Int) {
    staffEvents(stream: $stream, after: $after, first: $first) {
      events {
        id
        position
        streamId
        streamVersion
        type
        occurredAt
        data
        metadata
      }
      next
    }
  }
`);

/**
 * The event log as stored: one stream from a version, or $all from a position, a page at a
 * time (`next`). Data and metadata are pretty-printed JSON.
 */
export const EventBrowser = () => {
  const id = useId();
  const [draft, setDraft] = useState<Browse>({ stream: '', after: '' });
  const [first, setFirst] = useState<number>(20);
  /** The pages opened so far; the last one is shown. */
  const [pages, setPages] = useState<Browse[]>([{ stream: '', after: '' }]);
  const current = pages[pages.length - 1] ?? { stream: '', after: '' };
  const { data, previousData, loading, error } = useQuery(EVENTS_QUERY, {
    variables: { stream: current.stream || null, after: current.after || null, first },
    fetchPolicy: 'network-only',
  });
  const page = (data ?? previousData)?.staffEvents;
  const where = current.stream ? `stream ${current.stream}` : '$all';

  const open = (browse: Browse) => {
    setDraft(browse);
    setPages([browse]);
  };

  return (
    <section className={styles.panel} aria-labelledby={`${id}-title`}>
      <div>
        <h2 id={`${id}-title`} className={styles.panelTitle}>
          Event browser
        </h2>
        <p className={styles.panelIntro}>
          Leave the stream empty to read $all in commit order from a position (like 1234/56), or
          name a stream (like credits-&lt;user id&gt;) to read it from a version number.
        </p>
      </div>
      <EventFilterForm
        draft={draft}
        onDraftChange={setDraft}
        pageSize={first}
        onPageSizeChange={setFirst}
        onSubmit={open}
      />
      <QueryState
        loading={!page && loading}
        loadingText="Loading events…"
        error={error}
        errorText={'The events could not be loaded.'}
      />
      {page && page.events.length === 0 && (
        <p className={styles.empty}>No events in {where} after this point.</p>
      )}
      {page && page.events.length > 0 && (
        <ol className={ops.events} aria-label={`Events of ${where}, page ${pages.length}`}>
          {page.events.map((event) => (
            <EventItem
              key={event.id}
              event={event}
              onOpenStream={(stream) => open({ stream, after: '' })}
            />
          ))}
        </ol>
      )}
      {page && (pages.length > 1 || page.next) && (
        <EventPager
          pageNumber={pages.length}
          loading={loading}
          hasNext={!!page.next}
          onPrevious={() => setPages((stack) => stack.slice(0, -1))}
          onNext={() => {
            const next = page.next;
            if (next) setPages((stack) => [...stack, { stream: current.stream, after: next }]);
          }}
        />
      )}
    </section>
  );
};
