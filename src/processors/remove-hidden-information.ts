/**
 * Remove Hidden Information: takes out of a PDF what a reader does not show
 * but the file still holds, each kind as the visitor ticks it: metadata,
 * attachments, scripts and outside actions, comments, form data, hidden
 * layers, hidden text, thumbnails, other programs' private data, and earlier
 * revisions with objects nothing uses. The result card says what was found
 * and removed; when nothing was, the file is handed back exactly as it came.
 */
import type { PDFDocument } from 'pdf-lib';
import { z } from 'zod';
import { defineProcessor } from '../contract/processor';
import type { ToolOutput } from '../contract/types';
import { throwIfAborted } from '../lib/errors';
import { firstInput } from '../lib/inputs';
import { removeOutsideActions } from '../lib/pdf/active-actions';
import { flattenForm } from '../lib/pdf/flatten-form';
import { cleanPageContent } from '../lib/pdf/hidden-content';
import { dropAnnotations, everyDict, removeAttachments, removeComments, removeMetadata, removePrivateData, removeThumbnails } from '../lib/pdf/hidden-info';
import { loadPdf, mentionsEncryption } from '../lib/pdf/load';
import { dropGroups, dropOptionalContent, groupsInUse, OC_KEY, readOptionalContent } from '../lib/pdf/optional-content';
import { appendRevision, readRevisions, unreachableObjects } from '../lib/pdf/revisions';
import { pruneUnreachable, stripActiveContent } from '../lib/pdf/sanitize';
import { runText } from '../lib/i18n/run-messages';

/** The options of manifests/pdf/remove-hidden-information.json: one switch per kind of hidden information. */
export const options = z.object({
  metadata: z.boolean().default(true),
  attachments: z.boolean().default(true),
  scripts: z.boolean().default(true),
  comments: z.boolean().default(true),
  forms: z.boolean().default(true),
  hiddenLayers: z.boolean().default(true),
  hiddenText: z.boolean().default(true),
  thumbnails: z.boolean().default(true),
  privateData: z.boolean().default(true),
  earlierRevisions: z.boolean().default(true),
});
type Options = z.output<typeof options>;

/** What was removed, by kind; the result card's facts (only those above zero are shown). */
export interface Removed {
  metadata: number;
  attachments: number;
  scriptsAndActions: number;
  comments: number;
  formFields: number;
  xfaForms: number;
  hiddenLayers: number;
  hiddenTextPages: number;
  thumbnails: number;
  privateData: number;
  earlierRevisions: number;
  unusedObjects: number;
}

export const nothingFoundNote = () => runText('processors.removeHidden.nothingFound');
export const nothingChosenFoundNote = () => runText('processors.removeHidden.nothingChosenFound');

/** "a, b and c". */
function listed(parts: string[]): string {
  if (parts.length <= 1) return parts.join('');
  const items = parts.slice(0, -1).join(runText('processors.removeHidden.list.separator'));
  return runText('processors.removeHidden.list.last', { items, last: parts.at(-1) });
}

/** What the result card names, in the order of the options. */
const REMOVED_ORDER = [
  'metadata',
  'attachments',
  'scriptsAndActions',
  'comments',
  'formFields',
  'xfaForms',
  'hiddenLayers',
  'hiddenTextPages',
  'thumbnails',
  'privateData',
  'earlierRevisions',
  'unusedObjects',
] as const satisfies readonly (keyof Removed)[];

/** The result card's sentence: what was removed, in the order of the options. */
export function removedSentence(removed: Removed): string {
  const parts = REMOVED_ORDER.filter((key) => removed[key]).map((key) => runText(`processors.removeHidden.item.${key}`, { count: removed[key] }));
  return parts.length ? runText('processors.removeHidden.removed', { items: listed(parts) }) : '';
}

/**
 * Hidden layers and hidden text: both leave the page content (and the forms
 * it draws) in one pass. For hidden layers, annotations on them leave too, and
 * so do the groups themselves; the layer list (/OCProperties) goes once
 * nothing refers to optional content any more.
 */
function removeHiddenContent(doc: PDFDocument, o: Pick<Options, 'hiddenLayers' | 'hiddenText'>): { layers: number; hiddenTextPages: number } {
  const optional = o.hiddenLayers ? readOptionalContent(doc) : undefined;
  const layers = optional && optional.hiddenGroups.size > 0 ? optional : undefined;
  if (!layers && !o.hiddenText) return { layers: 0, hiddenTextPages: 0 };
  const report = cleanPageContent(doc, { layers, hiddenText: o.hiddenText });
  if (!layers) return { layers: 0, hiddenTextPages: report.hiddenTextPages.length };
  dropAnnotations(doc, (annot) => layers.isHidden(annot.get(OC_KEY)));
  const inUse = groupsInUse(doc, everyDict(doc, { reachable: true }));
  if (!inUse) {
    dropOptionalContent(doc);
    return { layers: layers.hiddenGroups.size, hiddenTextPages: report.hiddenTextPages.length };
  }
  // A hidden group that content still names (content this does not read) stays listed, so that content stays hidden.
  const removable = new Set([...layers.hiddenGroups].filter((group) => !inUse.has(group)));
  dropGroups(doc, removable);
  return { layers: removable.size, hiddenTextPages: report.hiddenTextPages.length };
}

/** Removes every kind asked for from the loaded document; returns what each removed. */
function clean(doc: PDFDocument, o: Options, step: () => void): Removed {
  const removed: Removed = {
    metadata: 0, attachments: 0, scriptsAndActions: 0, comments: 0, formFields: 0, xfaForms: 0,
    hiddenLayers: 0, hiddenTextPages: 0, thumbnails: 0, privateData: 0, earlierRevisions: 0, unusedObjects: 0,
  };
  if (o.metadata) removed.metadata = removeMetadata(doc);
  step();
  if (o.attachments) removed.attachments = removeAttachments(doc);
  step();
  if (o.scripts) removed.scriptsAndActions = removeOutsideActions(doc);
  step();
  if (o.comments) removed.comments = removeComments(doc, !o.attachments);
  step();
  if (o.forms) {
    const form = flattenForm(doc);
    removed.formFields = form.fields;
    removed.xfaForms = form.xfa;
  }
  step();
  const content = removeHiddenContent(doc, o);
  removed.hiddenLayers = content.layers;
  removed.hiddenTextPages = content.hiddenTextPages;
  step();
  if (o.thumbnails) removed.thumbnails = removeThumbnails(doc);
  if (o.privateData) removed.privateData = removePrivateData(doc);
  step();
  return removed;
}

export default defineProcessor(options, async (inputs, o, ctx) => {
  const input = firstInput(inputs);
  const doc = await loadPdf(input.bytes, input.name);
  const STEPS = 8;
  let done = 0;
  const step = () => {
    throwIfAborted(ctx.signal);
    ctx.onProgress(++done, STEPS);
  };
  ctx.onProgress(0, STEPS);

  const revisions = readRevisions(input.bytes);
  // Counted before any change: what is removed below becomes unreachable too.
  const unusedBefore = o.earlierRevisions ? unreachableObjects(doc).length : 0;
  const removed = clean(doc, o, step);
  if (o.earlierRevisions) {
    removed.earlierRevisions = revisions.count - 1;
    // Objects left over from earlier revisions are part of them; only a file saved once reports them apart.
    if (removed.earlierRevisions === 0) removed.unusedObjects = unusedBefore;
  }

  const sentence = removedSentence(removed);
  const allChosen = Object.values(o).every(Boolean);
  if (!sentence) {
    step();
    return [{ bytes: input.bytes, type: 'application/pdf', meta: { pageCount: doc.getPageCount() }, note: allChosen ? nothingFoundNote() : nothingChosenFoundNote() }];
  }

  if (o.scripts) stripActiveContent(doc);
  // What is written holds only what the document uses, whichever boxes are ticked: removed objects must not stay behind.
  pruneUnreachable(doc);
  // Keeping earlier revisions: the cleaned document replaces only the latest, as an update appended to them.
  // An encrypted input was opened from a decrypted copy, which has one revision: it is saved afresh.
  const earlier = !o.earlierRevisions && !mentionsEncryption(input.bytes) ? revisions.earlier : null;
  const bytes = earlier
    ? await appendRevision(doc, input.bytes.subarray(0, earlier.end), earlier.startxref)
    : await doc.save({ updateFieldAppearances: false });
  step();

  const meta: NonNullable<ToolOutput['meta']> = { pageCount: doc.getPageCount() };
  for (const [key, value] of Object.entries(removed)) if (value > 0) meta[key] = value;
  if (removed.earlierRevisions > 0) meta.revisions = revisions.count;
  return [{ bytes, type: 'application/pdf', meta, note: sentence }];
});
