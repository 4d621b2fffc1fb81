/**
 * Which tools run on the command line. A tool runs here when it has a real
 * processor, needs nothing but files and option values, and its processor's
 * engines work in Node (with src/cli/canvas.ts standing in for the browser's
 * canvas). The others say plainly why they run only on the site.
 */
import type { ToolManifest } from '../../schemas/manifest';
import { toolKind } from './tool-kind';

export type Support = { cli: true } | { cli: false; reason: string };

/** Processors whose engine needs an API only a browser has, and why. */
export const SITE_ONLY_PROCESSORS: Record<string, string> = {
  'gif-to-mp4': "encodes H.264 video with the browser's WebCodecs VideoEncoder, which Node does not have",
  background:
    'finds the subject with a neural network (ISNet) that runs on ONNX Runtime Web, a browser build whose model the site serves; no Node build of it is wired up',
};

export function cliSupport(manifest: ToolManifest): Support {
  const kind = toolKind(manifest);
  if (kind === 'in-page') return { cli: false, reason: 'does its work in its own page, with nothing here to run it' };
  if (kind === 'demo-only' || !manifest.processor) return { cli: false, reason: 'has no real processing yet: the site runs its demo simulation' };
  if (manifest.pageInput) return { cli: false, reason: `needs ${manifest.pageInput}, which only its page can give` };
  const reason = SITE_ONLY_PROCESSORS[manifest.processor];
  if (reason) return { cli: false, reason };
  return { cli: true };
}
