/**
 * Every tool that takes PDFs, on PDFs damaged the ways real files are (see
 * tests/fixtures/pdf-build/damaged.ts), through the same run path as the
 * worker, batch mode and the command line (runFiles): each file either gives
 * an output that reopens, or a message that names the file and says what is
 * wrong with it. The generic crash message is never the answer.
 */
// Page pictures (PDF to JPG, OCR) are drawn on an OffscreenCanvas.
import './setup/offscreen-canvas';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import type { ProcessorModule } from '../src/contract/processor';
import { runFiles } from '../src/core/run-files';
import { crashMessage, runsEachFile } from '../src/core/run-shape';
import { isToolError } from '../src/lib/errors';
import { mentionsEncryption } from '../src/lib/pdf/load';
import { damagedPdfs } from './fixtures/pdf-build/damaged';
import { allTools } from './support/catalogue';
import { filledDefaults } from './support/filled-defaults';

const PDF_TOOLS = allTools.filter((t) => t.processor && Object.values(t.accept).flat().includes('.pdf'));
const files = damagedPdfs();

/** The messages of one run over one damaged file, and its PDF outputs. */
async function runOn(tool: (typeof PDF_TOOLS)[number], processor: ProcessorModule, name: string, bytes: Uint8Array) {
  const count = Math.max(tool.limits.minFiles ?? 1, 1);
  const sources = Array.from({ length: count }, (_, i) => ({ name: i ? `copy-${i}-${name}.pdf` : `${name}.pdf`, type: 'application/pdf', read: async () => bytes.slice() }));
  const options = { ...filledDefaults(tool), ...tool.processorSettings };
  try {
    const { outputs, failures } = await runFiles(processor, sources, options, { signal: new AbortController().signal, onProgress: () => undefined, each: runsEachFile(tool) });
    return { messages: failures.map((f) => f.message), outputs };
  } catch (error) {
    return { messages: [isToolError(error) ? error.message : crashMessage()], outputs: [] };
  }
}

describe('damaged PDFs get a message saying what is wrong, in every PDF tool', () => {
  it('covers the PDF tools of the manifests', () => {
    expect(PDF_TOOLS.length).toBeGreaterThan(20);
  });

  for (const tool of PDF_TOOLS) {
    it(`${tool.slug}`, async () => {
      const processor = ((await import(`../src/processors/${tool.processor}.ts`)) as { default: ProcessorModule }).default;
      const problems: string[] = [];
      for (const [name, bytes] of files) {
        const { messages, outputs } = await runOn(tool, processor, name, bytes);
        for (const message of messages) if (message === crashMessage()) problems.push(`${name}: the generic message`);
        // An encrypted output (Protect PDF) is reopened by that tool's own tests, with its password.
        for (const output of outputs.filter((o) => o.type === 'application/pdf' && !mentionsEncryption(o.bytes))) {
          const pages = await PDFDocument.load(output.bytes, { updateMetadata: false }).then((d) => d.getPageCount(), () => 0);
          if (pages === 0) problems.push(`${name}: an output PDF that does not reopen`);
        }
      }
      expect(problems).toEqual([]);
    }, 120_000);
  }
});
