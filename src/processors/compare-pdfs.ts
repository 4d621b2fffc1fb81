/**
 * Compare PDFs: takes exactly two PDFs, the older version first and the
 * newer second (the order they were chosen in), and gives one report PDF
 * with the words added and removed on each page and a picture of the
 * changed pixels (src/lib/pdf/compare.ts).
 */
import { z } from 'zod';
import { defineProcessor } from '../contract/processor';
import { ToolError } from '../lib/errors';
import { comparePdfs } from '../lib/pdf/compare';
import { runText } from '../lib/i18n/run-messages';

export const twoFilesMessage = () => runText('processors.comparePdfs.twoFiles');
export const tooManyFilesMessage = () => runText('processors.comparePdfs.tooManyFiles');

/** No options: the first file is the older version, the second the newer. */
export const options = z.object({});

export default defineProcessor(options, async (inputs, _options, ctx) => {
  if (inputs.length < 2) throw new ToolError(twoFilesMessage());
  if (inputs.length > 2) throw new ToolError(tooManyFilesMessage());
  const [older, newer] = inputs as [(typeof inputs)[0], (typeof inputs)[0]];
  const result = await comparePdfs(older, newer, ctx);
  return [
    {
      bytes: result.report,
      type: 'application/pdf',
      meta: {
        pagesChanged: result.changedPages.length,
        wordsAdded: result.wordsAdded,
        wordsRemoved: result.wordsRemoved,
      },
      ...(result.notice ? { notice: result.notice, noticeTone: result.noticeTone } : {}),
    },
  ];
});
