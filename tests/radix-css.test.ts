import { mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import postcss from 'postcss';
import { describe, expect, it } from 'vitest';
import { radixComponentsUsed, radixCss, unusedSelector } from '../scripts/radix-css';

const src = new URL('../src', import.meta.url).pathname;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((e) => (statSync(join(dir, e)).isDirectory() ? sourceFiles(join(dir, e)) : /\.tsx?$/.test(e) ? [join(dir, e)] : []));
}

describe('Radix Themes stylesheet trimming', () => {
  it('finds the components a source tree imports from Radix Themes, and no others', () => {
    const dir = mkdtempSync(join(tmpdir(), 'radix-used-'));
    mkdirSync(join(dir, 'nested'));
    writeFileSync(join(dir, 'a.tsx'), "import { Button, type ButtonProps } from '@radix-ui/themes';\nimport { Slot } from '@radix-ui/react-slot';");
    writeFileSync(join(dir, 'nested', 'b.ts'), "import {\n  Dialog as D,\n  TextField,\n} from '@radix-ui/themes';");
    writeFileSync(join(dir, 'notes.md'), "import { Select } from '@radix-ui/themes';");
    expect([...radixComponentsUsed(dir)].sort()).toEqual(['Button', 'ButtonProps', 'Dialog', 'TextField']);
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
    const dir = mkdtempSync(join(tmpdir(), 'radix-css-'));
    writeFileSync(join(dir, 'page.tsx'), "import { Button } from '@radix-ui/themes';");
    const plugin = radixCss({ sourceDir: dir });
    const radix = await postcss([plugin]).process(css, { from: '/x/node_modules/@radix-ui/themes/components.css' });
    expect(radix.css).toBe('.rt-Button{color:red}.rt-Button{margin:0}');
    const own = await postcss([radixCss({ sourceDir: dir })]).process(css, { from: '/x/src/site/site.css' });
    expect(own.css).toBe(css);
  });

  // The breakpoint copies of Radix's utilities are dropped, so a responsive prop would silently do nothing.
  it('the source passes no responsive props ({ initial, sm, ... }) to Radix components', () => {
    const offenders = sourceFiles(src).filter((f) => /=\{\{\s*initial:/.test(readFileSync(f, 'utf8')));
    expect(offenders).toEqual([]);
  });
});
