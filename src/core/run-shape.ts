/**
 * What the page needs to know about a run before any of it loads: the message
 * of a crash and whether a tool's files each give their own results. Kept
 * apart from run-files.ts, which checks options with zod and runs processors.
 */
import type { ToolManifest } from '../../schemas/manifest';

export const CRASH_MESSAGE = 'Processing failed unexpectedly. Please try again, or try a different file.';

/** Whether a manifest's files are run one at a time, each on its own. */
export function runsEachFile(manifest: Pick<ToolManifest, 'simulation'>): boolean {
  return manifest.simulation.outputs === 'each';
}
