/**
 * The one home of "demo or real". A tool's kind says what it can do at all;
 * its run mode says whether it runs for real now, from its kind and the demo
 * flag. The page, its views, the placeholder text and the catalogue all ask
 * here, so no other module reads `processor` or `worksInPage` to decide.
 * Pure data in, no React: the build's catalogue plugin uses it too.
 */

/** What a tool's kind is read from: the manifest's processor and whether its page does the work. */
export interface KindFacts {
  processor?: string;
  worksInPage?: boolean;
}

/**
 * 'real': a processor makes real files; 'in-page': no processor, the tool's
 * own page does the work; 'demo-only': only the specification's simulation runs.
 */
export type ToolKind = 'real' | 'in-page' | 'demo-only';

export function toolKind(manifest: KindFacts): ToolKind {
  if (manifest.processor) return 'real';
  return manifest.worksInPage ? 'in-page' : 'demo-only';
}

/** How a run goes: the tool's real processor, or the specification's simulation. */
export type RunMode = 'real' | 'demo';

/** Whether a tool runs for real now: it has a processor and demo mode is off. */
export function runMode(manifest: KindFacts, demoFlag: boolean): RunMode {
  return toolKind(manifest) === 'real' && !demoFlag ? 'real' : 'demo';
}

/**
 * Whether the visitor's files are really worked on, on this device, now: a real
 * run, or a page that does its work itself (text to speech speaks with the
 * browser's voices even while its MP3 export is simulated in demo mode).
 */
export function worksOnDevice(manifest: KindFacts, demoFlag: boolean): boolean {
  return !!manifest.worksInPage || runMode(manifest, demoFlag) === 'real';
}
