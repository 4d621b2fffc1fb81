/** The run mode of a tool on the page, following the demo flag as it changes. */
import { useDemoMode } from './demo-mode';
import { runMode, type KindFacts, type RunMode } from '../../core/tool-kind';

export function useRunMode(manifest: KindFacts): RunMode {
  return runMode(manifest, useDemoMode());
}
