import { useEffect, useEffectEvent, useState } from 'react';

import { useToast } from '../../toast/hooks/useToast';
import { isBuilding, liveVersion, rebuildState } from '../utils/projection-progress';
import type { ProjectionRow, RebuildWatch } from '../utils/projection-progress';

const POLL_MS = 1000;

type RebuildWatchOptions = {
  rows: readonly ProjectionRow[];
  /** Fetches the statuses again; resolves with the fresh rows (undefined when none came back). */
  refetchRows: () => Promise<readonly ProjectionRow[] | undefined>;
};

/**
 * The rebuilds this page started: while one is watched or any version is building, the statuses
 * are fetched every second, and each answer settles the watched rebuilds as done (a toast) or lost.
 */
export const useRebuildWatch = ({ rows, refetchRows }: RebuildWatchOptions) => {
  const { toast } = useToast();
  const [watching, setWatching] = useState<Record<string, RebuildWatch>>({});
  const [outcomes, setOutcomes] = useState<Record<string, 'done' | 'lost'>>({});
  const polling = isBuilding(rows) || Object.keys(watching).length > 0;

  const settle = (latest: readonly ProjectionRow[] | undefined) => {
    if (!latest) return;
    const now = Date.now();
    for (const [name, watch] of Object.entries(watching)) {
      const state = rebuildState(latest, name, watch, now);
      if (state !== 'done' && state !== 'lost') continue;
      setWatching(({ [name]: _finished, ...rest }) => rest);
      setOutcomes((current) => ({ ...current, [name]: state }));
      if (state === 'done') {
        toast({
          title: 'Rebuild finished',
          description: `${name} v${liveVersion(latest, name)} is live.`,
        });
      }
    }
  };
  const refetchAndSettle = () =>
    refetchRows().then(settle, () => {
      // The query's own error state shows a failed fetch; the next poll tries again.
    });

  const poll = useEffectEvent(() => void refetchAndSettle());

  useEffect(() => {
    if (!polling) return;
    const timer = window.setInterval(poll, POLL_MS);
    return () => window.clearInterval(timer);
  }, [polling]);

  /** Starts watching a rebuild that was just accepted. */
  const watch = (name: string) => {
    setWatching((current) => ({
      ...current,
      [name]: { fromVersion: liveVersion(rows, name), startedAt: Date.now() },
    }));
    setOutcomes(({ [name]: _old, ...rest }) => rest);
    void refetchAndSettle();
  };

  return { watching, outcomes, watch };
};
