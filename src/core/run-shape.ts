/**
 * What every host needs to know about a run before any of it loads: the
 * message of a crash, and how a tool's files go through it. Kept apart from
 * run-files.ts, which checks options with zod and runs processors.
 */
import type { ToolManifest } from '../../schemas/manifest';
import { runText } from '../lib/i18n/run-messages';

/** The message of a run that failed in a way no processor foresaw, in the run's language. */
export const crashMessage = (): string => runText('run.crash');

/**
 * A tool makes one result from all its files (merge, images to one PDF): its files run together, once.
 * Every other tool, a tool that splits a file into parts included, runs each file on its own.
 */
export function combinesFiles(manifest: Pick<ToolManifest, 'simulation'>): boolean {
  return manifest.simulation.outputs === 'combined';
}

/** Whether a manifest's files are run one at a time, each on its own. */
export function runsEachFile(manifest: Pick<ToolManifest, 'simulation'>): boolean {
  return !combinesFiles(manifest);
}

/** A tool that works from its typed text alone takes no file. */
export function worksFromText(manifest: Pick<ToolManifest, 'accept'>): boolean {
  return Object.keys(manifest.accept).length === 0;
}
