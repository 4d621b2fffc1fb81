/**
 * The one answer to "can this tool run without its page", for every host
 * that has no page: folder batch, workflows and the command line. A tool runs
 * so when it has a real processor (or its page's stand-in), takes files, and
 * needs nothing but files and option values. Each host then adds only what is
 * its own: batch mode runs file by file, and Node lacks a few browser engines.
 */
import type { ToolManifest } from '../../schemas/manifest';
import { headlessProcessorName } from './page-processors';
import { runsEachFile, worksFromText } from './run-shape';
import { toolKind } from './tool-kind';

export type Support = { ok: true } | { ok: false; reason: string };

type Facts = Pick<ToolManifest, 'slug' | 'processor' | 'worksInPage' | 'pageInput' | 'accept' | 'view' | 'simulation'>;

/** Processors whose engine needs an API only a browser has, and why. */
export const SITE_ONLY_PROCESSORS: Record<string, string> = {
  'gif-to-mp4': "encodes H.264 video with the browser's WebCodecs VideoEncoder, which Node does not have",
  background:
    'finds the subject with a neural network (ISNet) that runs on ONNX Runtime Web, a browser build whose model the site serves; no Node build of it is wired up',
};

/** Whether the tool runs from files and option values alone, without its page; the reason, said of the tool, when not. */
export function runsWithoutPage(manifest: Facts, { text = false }: { text?: boolean } = {}): Support {
  const kind = toolKind(manifest);
  if (kind === 'demo-only') return { ok: false, reason: 'has no real processing yet, only its demo' };
  if (kind === 'in-page' && !headlessProcessorName(manifest)) return { ok: false, reason: 'does its work in its own page, with nothing else to run it' };
  if (manifest.pageInput) return { ok: false, reason: `needs ${manifest.pageInput}, which only its own page can give` };
  if (!text && worksFromText(manifest)) return { ok: false, reason: 'works from typed text, not from files' };
  return { ok: true };
}

/** Folder batch: a tool without its page whose files each give their own results, and whose page is the generic one. */
export function batchSupport(manifest: Facts): Support {
  const base = runsWithoutPage(manifest);
  if (!base.ok) return base;
  if (manifest.view) return { ok: false, reason: 'works in its own page' };
  if (!runsEachFile(manifest)) return { ok: false, reason: 'makes one result from all its files' };
  return base;
}

/** The command line: a tool without its page (tools that work from text included) whose engines run in Node. */
export function nodeSupport(manifest: Facts): Support {
  const base = runsWithoutPage(manifest, { text: true });
  if (!base.ok) return base;
  const reason = SITE_ONLY_PROCESSORS[headlessProcessorName(manifest) ?? ''];
  return reason ? { ok: false, reason } : base;
}
