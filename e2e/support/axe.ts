import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import axe from 'axe-core';

/**
 * axe's experimental rules (label-content-name-mismatch, p-as-heading, td-has-header, …) are off
 * unless named; every scan turns them on, so what they find fails the suite like any other rule.
 * The list comes from the installed axe-core, so an upgrade brings its new experimental rules.
 */
const EXPERIMENTAL_RULES = Object.fromEntries(
  axe
    .getRules(['experimental'])
    // hidden-content visits every element and only ever reports minor "review" items, which
    // these scans do not fail on: it would add time to each scan and nothing to what they check.
    .filter((rule) => rule.ruleId !== 'hidden-content')
    .map((rule) => [rule.ruleId, { enabled: true }]),
);

const BLOCKING_IMPACTS = new Set(['serious', 'critical']);
/** Nodes listed per violation in the failure message; the rest are counted. */
const NODES_SHOWN = 8;

export interface ScanScope {
  /** CSS selectors of the parts to scan (default: the whole page). */
  include?: string[];
  /** CSS selectors of parts to leave out (scanned on their own elsewhere). */
  exclude?: string[];
}

/**
 * Scans the page (or the parts `scope` names) with axe, experimental rules included, and fails
 * on any serious or critical violation, listing each with its nodes and axe's advice.
 */
export async function expectNoSeriousViolations(
  page: Page,
  label: string,
  scope: ScanScope = {},
): Promise<void> {
  let builder = new AxeBuilder({ page }).options({ rules: EXPERIMENTAL_RULES });
  for (const selector of scope.include ?? []) {
    builder = builder.include(selector);
  }
  for (const selector of scope.exclude ?? []) {
    builder = builder.exclude(selector);
  }
  const results = await builder.analyze();
  const blocking = results.violations.filter((violation) =>
    BLOCKING_IMPACTS.has(violation.impact ?? ''),
  );
  const report = blocking
    .map((violation) => {
      const nodes = violation.nodes
        .slice(0, NODES_SHOWN)
        .map(
          (node) =>
            `      - ${node.target.join(' ')}\n        ${(node.failureSummary ?? '').replace(/\n/g, '\n        ')}`,
        )
        .join('\n');
      const more =
        violation.nodes.length > NODES_SHOWN
          ? `\n      … and ${violation.nodes.length - NODES_SHOWN} more`
          : '';
      return `  [${violation.impact}] ${violation.id}: ${violation.help} (${violation.helpUrl})\n${nodes}${more}`;
    })
    .join('\n');
  expect(blocking, `${label}: serious or critical accessibility violations:\n${report}`).toEqual(
    [],
  );
}
