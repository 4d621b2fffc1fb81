import { describe, expect, it } from 'vitest';
import { resolvePath } from './epub';

describe('resolvePath', () => {
  it('resolves relative, parent, absolute and percent-encoded hrefs and drops fragments', () => {
    expect(resolvePath('OEBPS/content.opf', 'text/ch1.xhtml')).toBe('OEBPS/text/ch1.xhtml');
    expect(resolvePath('OEBPS/text/ch1.xhtml', '../images/a%20b.png')).toBe('OEBPS/images/a b.png');
    expect(resolvePath('OEBPS/nav.xhtml', 'ch2.xhtml#sec')).toBe('OEBPS/ch2.xhtml');
    expect(resolvePath('content.opf', './x.xhtml')).toBe('x.xhtml');
    expect(resolvePath('a/b.opf', '/root.xhtml')).toBe('root.xhtml');
    expect(resolvePath('a/b.opf', 'bad%zz.xhtml')).toBe('a/bad%zz.xhtml');
  });
});
