/** The sentences that tell a visitor whether a page works on real files or simulates. */
import { toolKind, worksOnDevice, type KindFacts } from '../../core/tool-kind';

export const DEMO_NOTE =
  'Demo mode: this tool simulates the conversion and gives you a placeholder file, not a real result.';
export const SIMULATED_NOTE =
  'This tool is a demonstration for now: it simulates the conversion and gives you a placeholder file.';
export const REAL_NOTE = 'Your files are processed on this device and never leave it: nothing is uploaded.';

/** Demo mode simulates single tools; a workflow always runs the real ones, and says so. */
export const WORKFLOW_DEMO_NOTE =
  'Demo mode does not apply to workflows: this one runs the real tools, on this device. Nothing is uploaded.';

/** Which note a tool page shows: real processing, demo mode, or a tool that only simulates. */
export function toolNote(manifest: KindFacts, demoFlag: boolean): string {
  if (worksOnDevice(manifest, demoFlag)) return REAL_NOTE;
  return toolKind(manifest) === 'demo-only' ? SIMULATED_NOTE : DEMO_NOTE;
}

/** The note of a workflow page: always real, and in demo mode it says that mode does not apply. */
export function workflowNote(demoFlag: boolean): string {
  return demoFlag ? WORKFLOW_DEMO_NOTE : REAL_NOTE;
}
