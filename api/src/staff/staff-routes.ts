import { json, Router } from 'express';
import { z } from 'zod';
import type { Services } from '../composition/services';
import { asyncHandler } from '../http/rest/error-handler';
import { badInput, forbidden, unauthenticated } from '../shared/errors';
import { idempotencyKeyFrom } from '../shared/idempotency';
import { financeReport } from '@app/projections';
import { financeReportCsv } from './finance-report-csv';
import { exportLedgerCsv } from './ledger-export';

const isStaff = (roles: readonly string[], role: string) =>
  roles.includes(role) || roles.includes('admin');

/** CSV export of a filtered ledger view, streamed. Finance: any view; support: one user's. */
export function staffRoutes(services: Services): Router {
  const router = Router();
  router.get(
    '/api/staff/ledger.csv',
    asyncHandler(async (request, response) => {
      const viewer = request.viewer;
      if (!viewer) throw unauthenticated();
      const roles = viewer.user.roles;
      const userId =
        typeof request.query.userId === 'string' && request.query.userId
          ? request.query.userId
          : undefined;
      if (!isStaff(roles, 'finance') && !(isStaff(roles, 'support') && userId)) throw forbidden();
      // Checked before the first byte: once the header line is out, an error can only cut the file.
      if (userId && !z.uuid().safeParse(userId).success) throw badInput('userId is not a valid id');
      const date = (name: string) => {
        const value = request.query[name];
        if (typeof value !== 'string' || !value) return undefined;
        const parsed = new Date(value);
        if (Number.isNaN(parsed.getTime())) throw badInput(`${name} is not a date`);
        return parsed;
      };
      const types =
        typeof request.query.types === 'string' && request.query.types
          ? request.query.types.split(',')
          : undefined;
      const from = date('from');
      const to = date('to');
      response.setHeader('Content-Type', 'text/csv; charset=utf-8');
      response.setHeader(
        'Content-Disposition',
        `attachment; filename="ledger-${new Date().toISOString().slice(0, 10)}.csv"`,
      );
      response.setHeader('Cache-Control', 'no-store');
      await exportLedgerCsv(
        services.pool,
        {
          ...(userId ? { userId } : {}),
          ...(types ? { types } : {}),
          ...(from ? { from } : {}),
          ...(to ? { to } : {}),
        },
        response,
      );
      response.end();
    }),
  );
  // The finance report (credits, revenue by product, deferred / recognised / breakage) as CSV.
  router.get(
    '/api/staff/finance-report.csv',
    asyncHandler(async (request, response) => {
      const viewer = request.viewer;
      if (!viewer) throw unauthenticated();
      if (!isStaff(viewer.user.roles, 'finance')) throw forbidden();
      const date = (name: string) => {
        const value = request.query[name];
        const parsed = typeof value === 'string' && value ? new Date(value) : null;
        if (!parsed || Number.isNaN(parsed.getTime())) throw badInput(`${name} is not a date`);
        return parsed;
      };
      const from = date('from');
      const to = date('to');
      const granularity = request.query.granularity === 'day' ? 'day' : 'month';
      if (to <= from) throw badInput('The end must be after the start');
      if (to.getTime() - from.getTime() > 3 * 366 * 86_400_000)
        throw badInput('At most three years at a time');
      const rows = await financeReport(services.pool, { from, to, granularity });
      response.setHeader('Content-Type', 'text/csv; charset=utf-8');
      response.setHeader(
        'Content-Disposition',
        `attachment; filename="finance-${granularity}-${from.toISOString().slice(0, 10)}.csv"`,
      );
      response.setHeader('Cache-Control', 'no-store');
      response.send(financeReportCsv(rows));
    }),
  );
  // Goodwill credits for API clients, the same use case as the staffGrantCredits mutation.
  router.post(
    '/api/staff/users/:userId/credits',
    json({ limit: '8kb' }),
    asyncHandler(async (request, response) => {
      const viewer = request.viewer;
      if (!viewer) throw unauthenticated();
      if (!isStaff(viewer.user.roles, 'support')) throw forbidden();
      const body = (request.body ?? {}) as Record<string, unknown>;
      const granted = await services.staff.support.grantCredits(
        viewer.user,
        { userId: String(request.params.userId), amount: body.amount, reason: body.reason },
        request.context!,
        idempotencyKeyFrom(request.get('idempotency-key')),
      );
      response.status(201).json(granted);
    }),
  );
  return router;
}
