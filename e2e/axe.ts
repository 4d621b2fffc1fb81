/** axe-core in the specs: one check, failing with each serious or critical violation's rule and targets. */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect } from './fixtures';

/**
 * The rules a colour scheme can change: the structure of a page is the same
 * in light and dark, only its colours differ.
 */
export const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

export interface AxeScope {
  /** Only this part of the page. */
  include?: string;
  /** Only these rules (by default every rule axe runs). */
  rules?: string[];
}

/**
 * Runs axe on the page. Legacy mode runs axe in the page itself: the pages
 * have no cross-origin frames, and the default mode opens a blank page per
 * check to merge frame results, which more than doubles its time.
 */
export async function expectNoSeriousViolations(page: Page, scope: AxeScope = {}): Promise<void> {
  let builder = new AxeBuilder({ page }).setLegacyMode(true);
  if (scope.include) builder = builder.include(scope.include);
  if (scope.rules) builder = builder.withRules(scope.rules);
  const { violations } = await builder.analyze();
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const report = serious
    .map((v) => `${v.id} (${v.impact}): ${v.help}\n${v.nodes.map((n) => `    ${n.target.join(' ')}  ${n.html.slice(0, 100)}\n      ${n.any[0]?.message ?? ''}`).join('\n')}`)
    .join('\n');
  expect(serious.map((v) => v.id), `axe violations on ${page.url()}:\n${report}`).toEqual([]);
}
