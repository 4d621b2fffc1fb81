// @vitest-environment jsdom
/**
 * The shared tool-page pattern of the specification (site-pdf-text-audio.md
 * sections 2 and 4, image-data.md sections 1, 2 and 4) on real manifests:
 * title, description, numbered how-to and demo note; upload area help text;
 * options only once a file is chosen; busy label and disabled button while
 * running; a missing result on download.
 */
import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { defaultHelp, multiHelp } from '../src/engine/DropZone';
import { allTools, toolBySlug } from './support/catalogue';
import { checkOptions } from '../src/contract/options';
import { toastTexts } from './support/components';
import { demoNote, simulatedNote } from '../src/engine/demo/notes';
import {
  actionButton,
  advance,
  captureDownloads,
  choose,
  endDemo,
  fileOf,
  flush,
  press,
  renderRun,
  renderTool,
  resultNames,
  startDemo,
} from './support/tool-page';

describe('tool page pattern (real manifests, demo mode)', () => {
  beforeEach(startDemo);
  afterEach(endDemo);

  it('PDF Compressor shows its title, the description "Lessen the file size of a PDF file.", numbered steps and the demo note', () => {
    const manifest = renderTool('pdf-compressor');
    expect(screen.getByRole('heading', { level: 1, name: 'PDF Compressor' })).toBeInTheDocument();
    expect(screen.getByText('Lessen the file size of a PDF file.')).toBeInTheDocument();
    const steps = screen.getByRole('heading', { name: 'How to use' }).parentElement!.querySelector('ol')!;
    expect([...steps.querySelectorAll('li')].map((li) => li.textContent)).toEqual(manifest.howTo);
    expect(screen.getByTestId('tool-note')).toHaveTextContent(demoNote());
  });

  it('Unlock PDF has the description "Remove the password from a PDF file (requires the password)."', () => {
    renderTool('unlock-pdf');
    expect(screen.getByText('Remove the password from a PDF file (requires the password).')).toBeInTheDocument();
  });

  it('a tool without real processing says it is a demonstration', () => {
    const demoOnly = allTools.find((t) => !t.processor && !t.worksInPage && !t.view);
    expect(demoOnly, 'a tool that only simulates').toBeDefined();
    renderTool(demoOnly!.slug);
    expect(screen.getByTestId('tool-note')).toHaveTextContent(simulatedNote());
  });

  it('single-file tools show the default drop-zone help; multi-file tools the plural', () => {
    renderTool('pdf-to-word');
    expect(screen.getByText(defaultHelp())).toBeInTheDocument();
    expect(defaultHelp()).toBe('Drag and drop your file here, or click to browse.');
  });

  it('multi-file tools show the plural help', () => {
    renderTool('jpg-to-pdf');
    expect(screen.getByText(multiHelp())).toBeInTheDocument();
  });

  it('options appear only once a file is chosen; the list shows the size in KB with one decimal', async () => {
    renderTool('pdf-compressor');
    expect(screen.queryByRole('radio', { name: 'Medium (balanced)' })).toBeNull();
    await choose([fileOf('a.pdf', 1536, 'application/pdf')]);
    expect(screen.getByRole('radio', { name: 'Medium (balanced)' })).toBeInTheDocument();
    expect(screen.getByText('1.5 KB')).toBeInTheDocument();
  });

  it.each([
    ['pdf-compressor', 'Compressing...'],
    ['pdf-to-word', 'Converting...'],
    ['split-csv', 'Splitting...'],
  ])('%s shows the busy label %s on a disabled button while running', async (slug, busy) => {
    const manifest = renderTool(slug);
    await choose([fileOf(`in.${Object.values(manifest.accept)[0][0].slice(1)}`, 100, Object.keys(manifest.accept)[0])]);
    expect(actionButton(manifest)).toBeEnabled();
    await press(manifest);
    expect(screen.getByRole('button', { name: busy })).toBeDisabled();
    await advance(manifest.simulation.delayMs as number);
    expect(actionButton(manifest)).toBeEnabled();
  });

  it('a result that is gone (its list was cleared by another action) says "File not available for download."', async () => {
    const { result } = renderRun('pdf-to-word');
    act(() => result.current.setFiles([fileOf('a.pdf', 100, 'application/pdf')]));
    let running: ReturnType<typeof result.current.run> = Promise.resolve(null);
    act(() => {
      running = result.current.run({});
    });
    await advance(3000);
    const produced = await running;
    expect(produced).toHaveLength(1);
    // Choosing another file clears the results; a download of the old one can no longer be served.
    act(() => result.current.setFiles([fileOf('b.pdf', 100, 'application/pdf')]));
    act(() => result.current.download(produced![0]));
    await flush();
    expect(toastTexts()).toContain('Error: File not available for download.');
    expect(toastTexts()).not.toContain('Error: Please convert a PDF file first.');
    expect(resultNames()).toEqual([]);
  });
});

describe('engine rules behind the bespoke PDF views (run state with real manifests, demo mode)', () => {
  beforeEach(startDemo);
  afterEach(endDemo);

  it.each([
    ['merge-pdf', 'Please merge PDF files first.'],
    ['split-pdf', 'Please split the PDF first.'],
    ['rearrange-pdf', 'Please rearrange a PDF file first.'],
    ['crop-pdf', 'Please crop a PDF file first.'],
  ])('%s refuses a download before processing with "%s"', (slug, message) => {
    const { result } = renderRun(slug);
    act(() => result.current.download());
    expect(toastTexts()).toEqual([`Error: ${message}`]);
  });

  it('rearrange-pdf with no file says "Please upload a PDF file to rearrange."', async () => {
    const { result } = renderRun('rearrange-pdf');
    await act(async () => {
      await result.current.run({});
    });
    expect(toastTexts()).toEqual(['Error: Please upload a PDF file to rearrange.']);
  });

  it.each([0, 6])('split-pdf every-N mode refuses %i pages per file of a 5-page PDF (the options form\'s one validation)', (everyN) => {
    const { options } = toolBySlug('split-pdf')!;
    const check = checkOptions(options, { method: 'every', ranges: '', everyN }, { fileCount: 1, totalBytes: 100, pageCount: 5 });
    expect(check).toMatchObject({ ok: false, field: 'everyN', message: 'Please enter a number of pages from 1 to the page count.' });
    expect(checkOptions(options, { method: 'every', ranges: '', everyN: 5 }, { fileCount: 1, totalBytes: 100, pageCount: 5 }).ok).toBe(true);
  });

  it('Download All after a demo run of several parts shows the manifest notice and saves only the first part', async () => {
    const downloads = captureDownloads();
    const { result } = renderRun('pdf-to-jpg');
    act(() => result.current.setFiles([fileOf('doc.pdf', 100, 'application/pdf')]));
    const plan = {
      delay: 2500,
      parts: [1, 2].map((n) => ({ originalName: 'doc.pdf', size: 60, n, inputSize: 50 })),
    };
    let running: ReturnType<typeof result.current.run> = Promise.resolve(null);
    act(() => {
      running = result.current.run({ dpi: '150', quality: 85, pages: '' }, { plan });
    });
    await advance(2500);
    expect((await running)?.map((r) => r.name)).toEqual(['doc-page-1.jpg', 'doc-page-2.jpg']);
    await act(() => result.current.downloadAll());
    expect(toastTexts()).toContain(
      'Info: Demo: in the full version, Download All would save every file as one ZIP. Downloading the first file.',
    );
    expect(downloads).toEqual(['doc-page-1.jpg']);
  });
});

