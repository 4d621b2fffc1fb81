/** The sentences that tell a visitor whether a page works on real files or simulates. */
import { toolKind, worksOnDevice, type KindFacts } from '../../core/tool-kind';
import { t } from '../../lib/i18n/messages';

export const demoNote = () => t('engine.notes.demo');
export const simulatedNote = () => t('engine.notes.simulated');
export const realNote = () => t('engine.notes.real');

/** Demo mode simulates single tools; a workflow always runs the real ones, and says so. */
export const workflowDemoNote = () => t('engine.notes.workflowDemo');

/** Which note a tool page shows: real processing, demo mode, or a tool that only simulates. */
export function toolNote(manifest: KindFacts, demoFlag: boolean): string {
  if (worksOnDevice(manifest, demoFlag)) return realNote();
  return toolKind(manifest) === 'demo-only' ? simulatedNote() : demoNote();
}

/** The note of a workflow page: always real, and in demo mode it says that mode does not apply. */
export function workflowNote(demoFlag: boolean): string {
  return demoFlag ? workflowDemoNote() : realNote();
}
