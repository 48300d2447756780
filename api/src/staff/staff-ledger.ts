import type { Writable } from 'node:stream';
import { listCreditHistory, type CreditHistoryFilter } from '@app/projections';
import type pg from 'pg';
import { holdsRole } from '../accounts/users-repository';
import { badInput, forbidden } from '../shared/errors';
import { isUuid } from '../shared/uuid';
import { exportLedgerCsv } from './ledger-export';

/** A ledger view as either adapter received it (unset parts are absent or null). */
export interface LedgerQuery {
  userId?: string | null;
  types?: readonly string[] | null;
  from?: Date | null;
  to?: Date | null;
}

/** The staff ledger behind both the GraphQL `staffLedger` query and the CSV export. */
export class StaffLedger {
  constructor(private readonly db: pg.Pool) {}

  /** Finance may read any view; support only one named user's. Checked before anything is read. */
  filterFor(roles: readonly string[], query: LedgerQuery): CreditHistoryFilter {
    if (!holdsRole(roles, 'finance')) {
      if (!holdsRole(roles, 'support')) throw forbidden();
      if (!query.userId) throw forbidden('Choose a user first');
    }
    if (query.userId && !isUuid(query.userId)) throw badInput('userId is not a valid id');
    return {
      ...(query.userId ? { userId: query.userId } : {}),
      ...(query.types ? { types: query.types } : {}),
      ...(query.from ? { from: query.from } : {}),
      ...(query.to ? { to: query.to } : {}),
    };
  }

  page(
    roles: readonly string[],
    query: LedgerQuery,
    page: { first: number; before: number | null },
  ) {
    return listCreditHistory(this.db, this.filterFor(roles, query), page);
  }

  /** Writes the CSV to `out`; the caller checks the view with `filterFor` before sending headers. */
  exportCsv(filter: CreditHistoryFilter, out: Writable) {
    return exportLedgerCsv(this.db, filter, out);
  }
}
