import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';

export type AxeFinding = {
  where: string;
  id: string;
  impact: string;
  help: string;
  targets: string[];
};

/** axe's serious and critical violations on the page as it is now (WCAG 2.x A and AA, best practices). */
export async function seriousViolations(page: Page, where: string): Promise<AxeFinding[]> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    .analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      where,
      id: violation.id,
      impact: violation.impact ?? '',
      help: violation.help,
      targets: violation.nodes.map((node) => node.target.join(' ')),
    }));
}
