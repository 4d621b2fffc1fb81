import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import postcss from 'postcss';
import { describe, expect, it } from 'vitest';
import { radixComponentsUsed, radixCss, unusedSelector } from '../scripts/radix-css';

const src = new URL('../src', import.meta.url).pathname;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((e) => (statSync(join(dir, e)).isDirectory() ? sourceFiles(join(dir, e)) : /\.tsx?$/.test(e) ? [join(dir, e)] : []));
}

describe('Radix Themes stylesheet trimming', () => {
  it('finds the components the source imports', () => {
    const used = radixComponentsUsed(src);
    expect(used.has('Button')).toBe(true);
    expect(used.has('Dialog')).toBe(true);
    expect(used.has('Select')).toBe(false);
  });

  it('keeps rules of used components, base classes and utilities, and drops the rest', () => {
    const used = new Set(['Button', 'Text']);
    expect(unusedSelector('.rt-Button:where(.rt-variant-solid)', used)).toBe(false);
    expect(unusedSelector('.rt-BaseButton.rt-r-size-2', used)).toBe(false);
    expect(unusedSelector('.rt-TextFieldRoot', used)).toBe(false);
    expect(unusedSelector(':where(.radix-themes) .rt-r-m-2', used)).toBe(false);
    expect(unusedSelector('.rt-SelectTrigger', used)).toBe(true);
    expect(unusedSelector('.rt-Button .rt-TooltipContent', used)).toBe(true);
    expect(unusedSelector('.md\\:rt-r-m-2', used)).toBe(true);
  });

  it('removes unused rules from a Radix stylesheet, and leaves other stylesheets alone', async () => {
    const css = '.rt-Button{color:red}.rt-SelectTrigger{color:blue}@media (min-width: 1024px){.lg\\:rt-r-p-2{padding:0}}.rt-Button,.rt-Slider{margin:0}';
    const plugin = radixCss({ sourceDir: src });
    const radix = await postcss([plugin]).process(css, { from: '/x/node_modules/@radix-ui/themes/components.css' });
    expect(radix.css).toBe('.rt-Button{color:red}.rt-Button{margin:0}');
    const own = await postcss([radixCss({ sourceDir: src })]).process(css, { from: '/x/src/site/site.css' });
    expect(own.css).toBe(css);
  });

  // The breakpoint copies of Radix's utilities are dropped, so a responsive prop would silently do nothing.
  it('the source passes no responsive props ({ initial, sm, ... }) to Radix components', () => {
    const offenders = sourceFiles(src).filter((f) => /=\{\{\s*initial:/.test(readFileSync(f, 'utf8')));
    expect(offenders).toEqual([]);
  });
});
