/**
 * Rotate PDF: turns the chosen pages clockwise by a quarter, half or three
 * quarter turn. The turn is added to the page's own /Rotate (inherited from
 * the page tree or not), so a page that was already sideways turns further.
 * Page content, annotations and form fields are kept as they are.
 */
import { degrees } from 'pdf-lib';
import { z } from 'zod';
import { defineProcessor } from '../contract/processor';
import { throwIfAborted } from '../lib/errors';
import { chosenPages } from '../lib/pdf/chosen-pages';
import { loadPdf } from '../lib/pdf/load';
import { pageRotation } from '../lib/pdf/page-box';
import { stripActiveContent } from '../lib/pdf/sanitize';
import { firstInput } from '../lib/inputs';

/** The options of manifests/pdf/rotate-pdf.json. */
export const options = z.object({
  /** Clockwise turn in degrees; the select sends the number as text. */
  angle: z.enum(['90', '180', '270']).transform(Number),
  /** A page list such as "1-3, 5"; blank means every page. */
  pages: z.string().default(''),
});

export default defineProcessor(options, async (inputs, options, ctx) => {
  const input = firstInput(inputs);
  const doc = await loadPdf(input.bytes, input.name);
  const pages = doc.getPages();
  const targets = chosenPages(options.pages, pages.length, input.name);
  ctx.onProgress(0, targets.length);
  for (const [done, index] of targets.entries()) {
    throwIfAborted(ctx.signal);
    const page = pages[index];
    // setRotation writes /Rotate on the page itself, which overrides any value the page inherits.
    page.setRotation(degrees((pageRotation(page) + options.angle) % 360));
    ctx.onProgress(done + 1, targets.length);
  }
  stripActiveContent(doc);
  const bytes = await doc.save();
  return [{ bytes, type: 'application/pdf', meta: { pageCount: pages.length, rotatedPages: targets.length } }];
});
