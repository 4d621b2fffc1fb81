/** Text Case Converter's page converts as the visitor types and offers the result as a .txt download; this is that work as a processor. */
import { z } from 'zod';
import { defineProcessor } from '../../contract/processor';
import { CASE_MODES, convertCase } from '../../lib/text-case';
import { runText } from '../../lib/i18n/run-messages';

export default defineProcessor(z.object({ text: z.string().min(1, { error: () => runText('run.textCase.empty') }), mode: z.enum(CASE_MODES) }), async (_, { text, mode }) => [
  { bytes: new TextEncoder().encode(convertCase(text, mode)), type: 'text/plain' },
]);
