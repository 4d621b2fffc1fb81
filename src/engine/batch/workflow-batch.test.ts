import { describe, expect, it } from 'vitest';
import { manifestOf } from '../../../tests/support/components';
import { chainRunsEachFile } from './workflow-batch';

const step = (slug: string, options: Record<string, string | number | boolean> = {}) => ({ manifest: manifestOf(slug), options });

describe('workflow batch', () => {
  it('runs file by file only when every step does', () => {
    expect(chainRunsEachFile([step('heic-to-jpg'), step('image-compressor')])).toBe(true);
    expect(chainRunsEachFile([step('heic-to-jpg'), step('jpg-to-pdf')])).toBe(false);
  });
});
