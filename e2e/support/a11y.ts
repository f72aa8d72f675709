import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect } from './fixtures';

const blocking = new Set(['serious', 'critical']);

/** Runs axe (WCAG 2.x A/AA rules) on what the page shows now; fails on serious or critical issues. */
export async function expectNoSeriousA11yViolations(page: Page, what = page.url()) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    .analyze();
  const violations = results.violations.filter((v) => blocking.has(v.impact ?? ''));
  const report = violations
    .map((v) => {
      const nodes = v.nodes
        .slice(0, 5)
        .map(
          (node) =>
            `    - ${node.target.join(' ')}\n      ${node.failureSummary?.replace(/\n/g, '\n      ')}`,
        )
        .join('\n');
      return `[${v.impact}] ${v.id}: ${v.help} (${v.nodes.length} element(s))\n  ${v.helpUrl}\n${nodes}`;
    })
    .join('\n\n');
  expect(violations, `Accessibility violations on ${what}:\n\n${report}`).toEqual([]);
}
