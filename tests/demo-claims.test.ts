/**
 * A tool that only runs the specification's simulation must not promise what
 * the simulation cannot do: its description says it is a demonstration, and
 * one of its features says what the download really is.
 */
import { describe, expect, it } from 'vitest';
import { toolKind } from '../src/core/tool-kind';
import { allTools } from './support/catalogue';

const demoOnly = allTools.filter((tool) => toolKind(tool) === 'demo-only');

describe('demo-only tools claim only what the simulation keeps', () => {
  it('there are demo-only tools to check', () => {
    expect(demoOnly.length).toBeGreaterThan(0);
  });

  it.each(demoOnly.map((tool) => [tool.slug, tool] as const))('%s says it is a demonstration', (_slug, tool) => {
    expect(tool.description).toMatch(/\bdemonstration\b/i);
    expect(tool.features.some((feature) => /\b(placeholder|sample)\b/i.test(feature))).toBe(true);
    expect(tool.note, 'a demo-only tool explains on its page why it is simulated').toMatch(/simulated/i);
  });
});
