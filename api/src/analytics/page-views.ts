import express, { Router } from 'express';
import type pg from 'pg';
import { z } from 'zod';

/** The pages we count (the spec counts the About page); anything else would only grow the table. */
const COUNTED_PAGES = ['/about'] as const;
const pageViewSchema = z.object({ path: z.enum(COUNTED_PAGES) });

/** First-party page-view counter: a path and a day, no cookie, no address, no third party. */
export function pageViewRoutes(db: pg.Pool): Router {
  const router = Router();
  router.post(
    '/api/analytics/page-view',
    express.json({ limit: '2kb', type: ['application/json', 'text/plain'] }),
    async (request, response, next) => {
      const parsed = pageViewSchema.safeParse(
        typeof request.body === 'string' ? JSON.parse(request.body || '{}') : request.body,
      );
      if (!parsed.success) {
        response.status(400).json({ message: 'Invalid page view' });
        return;
      }
      try {
        await db.query(
          `INSERT INTO page_view_counts (path, day, views) VALUES ($1, current_date, 1)
         ON CONFLICT (path, day) DO UPDATE SET views = page_view_counts.views + 1`,
          [parsed.data.path],
        );
        response.status(204).end();
      } catch (error) {
        next(error);
      }
    },
  );
  return router;
}
