import { describe, expect, it } from 'vitest';
import { manifestOf } from '../../../tests/support/components';
import { chainOutputName, chainRunsEachFile } from './workflow-batch';

const step = (slug: string, options: Record<string, string | number | boolean> = {}) => ({ manifest: manifestOf(slug), options });

describe('workflow batch', () => {
  it('runs file by file only when every step does', () => {
    expect(chainRunsEachFile([step('heic-to-jpg'), step('image-compressor')])).toBe(true);
    expect(chainRunsEachFile([step('heic-to-jpg'), step('jpg-to-pdf')])).toBe(false);
  });

  it('knows the last name before the run when each step names its output from its input', () => {
    expect(chainOutputName([step('heic-to-jpg'), step('image-compressor', { format: 'keep' })], 'IMG_0001.HEIC')).toBe('compressed-IMG_0001.jpg');
    // A page number is known only once pages are rendered.
    expect(chainOutputName([step('pdf-to-jpg'), step('jpg-to-webp')], 'a.pdf')).toBeNull();
  });
});
