/**
 * A tool that takes files refuses a run without one with its manifest's own
 * "no file" message, said once by the run core for every processor
 * (src/core/run-files.ts), so no processor repeats it. Each tool runs the way
 * every host runs it: its step call (processor, values, contract), then
 * runFiles with an empty list. The processor is watched so that a refusal only
 * a processor's own guard makes (a combining tool's "at least two files")
 * does not pass for the core's.
 */
import { describe, expect, it, vi } from 'vitest';
import { defaultOptions } from '../contract/options';
import type { ProcessorModule } from '../contract/processor';
import { loadProcessor } from '../core/processor-modules';
import { runFiles } from '../core/run-files';
import { stepCall } from '../core/step';
import { ToolError } from '../lib/errors';
import { readManifestFiles } from '../manifests/read';
import { parseManifest } from '../manifests/parse';

const takingFiles = readManifestFiles()
  .map((file) => parseManifest(file.path, file.raw))
  .filter((manifest) => manifest.processor && Object.keys(manifest.accept).length > 0);

describe('a run with no file', () => {
  it('finds the tools with a processor that take files', () => {
    expect(takingFiles.length).toBeGreaterThan(50);
  });

  it.each(takingFiles.map((manifest) => [manifest.slug, manifest] as const))('%s is refused with its manifest\'s noFile message before its processor runs', async (_slug, manifest) => {
    const call = stepCall(manifest, defaultOptions(manifest.options), { fileCount: 0, totalBytes: 0 });
    const processor = await loadProcessor(call.processor);
    const watched: ProcessorModule = { options: processor.options, run: vi.fn(processor.run) };
    const refusal = await runFiles(watched, [], call.options, {
      signal: new AbortController().signal,
      onProgress: () => {},
      each: call.each,
      fields: call.contract,
    }).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(refusal).toBeInstanceOf(ToolError);
    expect((refusal as ToolError).message).toBe(manifest.messages.noFile);
    expect(watched.run).not.toHaveBeenCalled();
  });
});
