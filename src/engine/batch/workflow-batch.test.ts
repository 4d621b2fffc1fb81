import { describe, expect, it, vi } from 'vitest';
import { manifestOf } from '../../../tests/support/components';
import { toolBatch } from './tool-batch';
import { chainRunsEachFile, workflowBatch } from './workflow-batch';

const step = (slug: string, options: Record<string, string | number | boolean> = {}) => ({ manifest: manifestOf(slug), options });

describe('workflow batch', () => {
  it('runs file by file only when every step does', () => {
    expect(chainRunsEachFile([step('heic-to-jpg'), step('image-compressor')])).toBe(true);
    expect(chainRunsEachFile([step('heic-to-jpg'), step('jpg-to-pdf')])).toBe(false);
  });

  it('starts its lanes each told how many lanes share the cores, as a tool batch does', () => {
    const lane = vi.fn(() => ({ run: vi.fn(), close: vi.fn() }));
    workflowBatch(step('heic-to-jpg'), () => [step('heic-to-jpg'), step('image-compressor')], lane).start({}, 3).close();
    expect(lane.mock.calls).toEqual([['workflow', 3], ['workflow', 3], ['workflow', 3]]);
    lane.mockClear();
    const manifest = manifestOf('jpg-to-avif');
    toolBatch(manifest, lane).start({}, 2).close();
    expect(lane.mock.calls).toEqual([[manifest.processor, 2], [manifest.processor, 2]]);
  });
});
