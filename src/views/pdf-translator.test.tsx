// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import toast from 'react-hot-toast';
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { pdfPageTexts } from '../../tests/fixtures/pdf-build/pdf-text';
import type { OptionValues } from '../../schemas/manifest';
import { isDemoMode, setDemoMode } from '../engine/demo/demo-mode';
import { captureDownloads, flush, manifestOf, renderWithShell, toastTexts } from '../../tests/support/components';
import type { ToolOutput } from '../contract/types';
import { runInWorker } from '../engine/worker/bridge';
import { notPdfMessage } from '../lib/pdf/messages';
import { openPdfjs, pageTextItems } from '../lib/pdf/pdfjs';
import { PreviewError } from '../lib/pdf/preview';
import { pageParagraphs, type TranslatedPage } from '../lib/pdf/translate-layout';
import pdfTranslator from '../processors/pdf-translator';
import PdfTranslatorView from './pdf-translator';
import { readPdfParagraphs } from './pdf-translator/pdf-text';
import { fill, phaseText } from './pdf-translator/usePdfTranslation';

vi.mock('./pdf-translator/pdf-text', () => ({ readPdfParagraphs: vi.fn() }));
vi.mock('../engine/worker/bridge', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../engine/worker/bridge')>()),
  runInWorker: vi.fn(),
}));

const manifest = manifestOf('pdf-translator');
const TRANSLATE = manifest.action.label;
const BUSY = manifest.action.busyLabel;

/** A two-page PDF: a heading and a paragraph, then one more paragraph. */
async function reportPdf(): Promise<File> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const first = doc.addPage([500, 700]);
  first.drawText('Annual report', { x: 50, y: 640, size: 20, font });
  first.drawText('The company grew this year.', { x: 50, y: 590, size: 11, font });
  doc.addPage([500, 700]).drawText('Thank you for reading.', { x: 50, y: 600, size: 11, font });
  return new File([(await doc.save()) as Uint8Array<ArrayBuffer>], 'report.pdf', { type: 'application/pdf' });
}

/** The page's paragraphs as the main-thread reader finds them, read here with the Node build of pdf.js. */
async function paragraphsInNode(file: File): Promise<TranslatedPage[]> {
  const pdf = await openPdfjs(new Uint8Array(await file.arrayBuffer()), file.name);
  try {
    const pages: TranslatedPage[] = [];
    for (let n = 1; n <= pdf.doc.numPages; n++) {
      pages.push({ page: n, paragraphs: pageParagraphs(await pageTextItems(await pdf.doc.getPage(n))).map((p) => p.text) });
    }
    return pages;
  } finally {
    await pdf.destroy();
  }
}

interface FakeTranslator {
  availability: Mock;
  create: Mock;
  translate: Mock;
  destroyed: number;
  /** Fires the model download progress event of the last create(). */
  progress(loaded: number): void;
  /** Lets a pending create() finish. */
  finishDownload(): void;
}

/** A stand-in for the browser's Translator: "translates" by upper-casing, optionally after a model download. */
function installTranslator(availability: string, gatedDownload = false): FakeTranslator {
  let listener: ((e: { loaded: number; total: number }) => void) | undefined;
  let release: () => void = () => undefined;
  const fake: FakeTranslator = {
    availability: vi.fn(async () => availability),
    translate: vi.fn(async (text: string) => text.toUpperCase()),
    destroyed: 0,
    create: vi.fn(async (options: { monitor?(m: unknown): void }) => {
      options.monitor?.({ addEventListener: (_type: string, l: typeof listener) => (listener = l) });
      if (gatedDownload) await new Promise<void>((resolve) => (release = resolve));
      return { translate: fake.translate, destroy: () => fake.destroyed++ };
    }),
    progress: (loaded) => listener?.({ loaded, total: 1 }),
    finishDownload: () => release(),
  };
  (window as unknown as { Translator: unknown }).Translator = { availability: fake.availability, create: fake.create };
  return fake;
}

function removeTranslator() {
  delete (window as unknown as { Translator?: unknown }).Translator;
}

const press = async () => {
  fireEvent.click(screen.getByRole('button', { name: TRANSLATE }));
  await settle();
  await settle();
};
/** Lets real work (pdf.js reading the file) go on until `check` passes. */
const until = (check: () => void) => waitFor(check, { timeout: 15000 });
/** Lets pending promises settle: fake timers are moved on, real ones waited for (pdf.js in Node needs real timers). */
const settle = () => (vi.isFakeTimers() ? flush() : act(() => new Promise<void>((resolve) => setTimeout(resolve, 0))));
/** Chooses files through the drop zone's input. */
async function chooseFiles(files: File[]) {
  await act(async () => {
    fireEvent.change(screen.getByTestId('file-input'), { target: { files } });
  });
  await settle();
  await settle();
}
const status = () => screen.queryByTestId('translate-status')?.textContent;
const resultNames = () => screen.queryAllByTestId('result-name').map((e) => e.textContent);

function afterEachTest() {
  cleanup();
  act(() => toast.remove());
  vi.restoreAllMocks();
  vi.useRealTimers();
  setDemoMode(false);
  removeTranslator();
}

describe('PDF Translator with the browser Translator', () => {
  const outputs: ToolOutput[] = [];
  const seen: OptionValues[] = [];
  beforeEach(() => {
    setDemoMode(false);
    outputs.length = 0;
    seen.length = 0;
    vi.mocked(readPdfParagraphs).mockReset().mockImplementation(paragraphsInNode);
    // The worker is replaced by the real processor, run in this thread.
    vi.mocked(runInWorker).mockReset().mockImplementation(async (_name, files, options, signal, onProgress) => {
      seen.push(options);
      const bytes = new Uint8Array(await files[0]!.arrayBuffer());
      outputs.push(...(await pdfTranslator.run([{ name: files[0]!.name, type: files[0]!.type, bytes }], pdfTranslator.options.parse(options), { signal, onProgress })));
      return { outputs, failures: [] };
    });
  });
  afterEach(afterEachTest);

  it('shows the model download, translates each paragraph and writes the translated PDF', async () => {
    const fake = installTranslator('downloadable', true);
    renderWithShell(<PdfTranslatorView manifest={manifest} />);
    await chooseFiles([await reportPdf()]);
    await press();
    await until(() => expect(fake.create).toHaveBeenCalled());
    expect(fake.availability).toHaveBeenCalledWith({ sourceLanguage: 'en', targetLanguage: 'es' });
    expect(fake.create).toHaveBeenCalledWith(expect.objectContaining({ sourceLanguage: 'en', targetLanguage: 'es' }));
    expect(status()).toBe('Downloading the translation model: 0%');
    await act(async () => fake.progress(0.42));
    expect(status()).toBe('Downloading the translation model: 42%');
    expect(screen.getByRole('progressbar', { name: `${BUSY} progress` })).toHaveAttribute('value', '42');
    expect(screen.getByRole('button', { name: BUSY })).toBeDisabled();
    await act(async () => fake.finishDownload());
    await until(() => expect(resultNames()).toEqual(['report-es.pdf']));

    expect(fake.translate.mock.calls.map((c) => c[0])).toEqual(['Annual report', 'The company grew this year.', 'Thank you for reading.']);
    expect(fake.destroyed).toBe(1);
    expect(seen[0]).toMatchObject({
      targetLanguage: 'es',
      maintainLayout: true,
      sourceLanguage: 'en',
      translated: [
        { page: 1, paragraphs: ['ANNUAL REPORT', 'THE COMPANY GREW THIS YEAR.'] },
        { page: 2, paragraphs: ['THANK YOU FOR READING.'] },
      ],
    });
    const pages = await pdfPageTexts(outputs[0]!.bytes);
    expect(pages).toHaveLength(2);
    expect(pages[0]).toContain('ANNUAL REPORT');
    expect(pages[1]).toContain('THANK YOU FOR READING.');
    expect(toastTexts()).toContain('Success: PDF translated successfully!');
  });

  it('reports paragraph progress while translating', async () => {
    const fake = installTranslator('available');
    let finish: () => void = () => undefined;
    fake.translate.mockImplementationOnce(async (text: string) => {
      await new Promise<void>((resolve) => (finish = resolve));
      return text.toUpperCase();
    });
    renderWithShell(<PdfTranslatorView manifest={manifest} />);
    await chooseFiles([await reportPdf()]);
    await press();
    await until(() => expect(status()).toBe('Translating paragraph 0 of 3...'));
    await act(async () => finish());
    await until(() => expect(resultNames()).toEqual(['report-es.pdf']));
    expect(fake.translate).toHaveBeenCalledTimes(3);
  });

  it('says plainly when the language pair is unavailable and offers demo mode', async () => {
    installTranslator('unavailable');
    renderWithShell(<PdfTranslatorView manifest={manifest} />);
    await chooseFiles([await reportPdf()]);
    fireEvent.change(screen.getByLabelText('Target language'), { target: { value: 'ja' } });
    await settle();
    await press();
    await until(() => expect(screen.getByTestId('translator-problem')).toBeInTheDocument());
    const problem = screen.getByTestId('translator-problem');
    expect(problem).toHaveTextContent(
      'This browser cannot translate English into Japanese on your device. Choose another target language, or try the tool in demo mode.',
    );
    expect(runInWorker).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Try demo mode' }));
    await settle();
    expect(isDemoMode()).toBe(true);
    expect(screen.queryByTestId('translator-problem')).toBeNull();
  });

  it('refuses a PDF without text, text already in the target language, and a failing translator', async () => {
    const fake = installTranslator('available');
    vi.mocked(readPdfParagraphs).mockResolvedValueOnce([{ page: 1, paragraphs: [] }]);
    renderWithShell(<PdfTranslatorView manifest={manifest} />);
    await chooseFiles([await reportPdf()]);
    await press();
    await until(() => expect(toastTexts()).toEqual(['Error: This PDF has no text layer (it is probably scanned), so there is no text to translate.']));
    act(() => toast.remove());

    vi.mocked(readPdfParagraphs).mockResolvedValue([{ page: 1, paragraphs: ['\u3053\u308c\u306f\u65e5\u672c\u8a9e\u306e\u6587\u66f8\u3067\u3059\u3002'] }]);
    await chooseFiles([await reportPdf()]);
    fireEvent.change(screen.getByLabelText('Target language'), { target: { value: 'ja' } });
    await settle();
    await press();
    await until(() => expect(toastTexts()).toEqual(['Error: This PDF already seems to be in Japanese. Choose another target language.']));
    act(() => toast.remove());

    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    fake.translate.mockRejectedValueOnce(new Error('NotReadableError'));
    fireEvent.change(screen.getByLabelText('Target language'), { target: { value: 'de' } });
    await settle();
    await press();
    await until(() => expect(toastTexts()).toEqual(["Error: The browser's translator stopped with an error. Please try again."]));
    expect(runInWorker).not.toHaveBeenCalled();
  });

  it('cancels a translation in progress without writing anything', async () => {
    installTranslator('downloadable', true);
    renderWithShell(<PdfTranslatorView manifest={manifest} />);
    await chooseFiles([await reportPdf()]);
    await press();
    await until(() => expect(status()).toBe('Downloading the translation model: 0%'));
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await settle();
    expect(toastTexts()).toEqual(['Info: Translation cancelled. Your file was not changed.']);
    expect(status()).toBeUndefined();
    expect(screen.getByRole('button', { name: TRANSLATE })).toBeEnabled();
    expect(runInWorker).not.toHaveBeenCalled();
  });

  it('reports a file that is not a PDF as soon as it is chosen', async () => {
    installTranslator('available');
    vi.mocked(readPdfParagraphs).mockRejectedValue(new PreviewError({ message: notPdfMessage('notes.pdf') }));
    renderWithShell(<PdfTranslatorView manifest={manifest} />);
    await chooseFiles([new File(['hello'], 'notes.pdf', { type: 'application/pdf' })]);
    expect(toastTexts()).toEqual(['Error: The file notes.pdf is not a PDF. Please choose a PDF file.']);
  });
});

describe('PDF Translator without the Translator API', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    setDemoMode(false);
    removeTranslator();
    vi.mocked(runInWorker).mockReset();
    vi.mocked(readPdfParagraphs).mockReset().mockImplementation(paragraphsInNode);
  });
  afterEach(afterEachTest);

  it('says so plainly, and the demo-mode button runs the simulation instead', async () => {
    const downloads = captureDownloads();
    renderWithShell(<PdfTranslatorView manifest={manifest} />);
    expect(screen.getByTestId('translator-problem')).toHaveTextContent(
      'This browser has no built-in translator, so it cannot translate this PDF on your device. Translation works in recent desktop versions of Chrome and Edge. You can try the tool in demo mode instead.',
    );
    await chooseFiles([await reportPdf()]);
    await press();
    expect(toastTexts()).toEqual([
      'Error: This browser has no built-in translator, so it cannot translate this PDF on your device. Translation works in recent desktop versions of Chrome and Edge. You can try the tool in demo mode instead.',
    ]);
    act(() => toast.remove());

    fireEvent.click(screen.getByRole('button', { name: 'Try demo mode' }));
    await flush();
    expect(isDemoMode()).toBe(true);
    expect(screen.queryByTestId('translator-problem')).toBeNull();
    expect(screen.getByTestId('tool-note')).toHaveTextContent('Demo mode');
    const size = (await reportPdf()).size;
    await press();
    await act(() => vi.advanceTimersByTimeAsync(2990));
    expect(resultNames()).toEqual([]);
    await act(() => vi.advanceTimersByTimeAsync(10));
    expect(resultNames()).toEqual(['report-es.pdf']);
    expect(toastTexts()).toEqual(['Success: PDF translated successfully! (mock operation)']);
    fireEvent.click(screen.getByRole('button', { name: 'Download report-es.pdf' }));
    expect(downloads).toEqual(['report-es.pdf']);
    expect(((URL.createObjectURL as Mock).mock.calls[0]![0] as Blob).size).toBe(Math.round(size * 1.05));
    expect(runInWorker).not.toHaveBeenCalled();
    expect(readPdfParagraphs).not.toHaveBeenCalled();
  });
});

describe('PDF Translator messages', () => {
  const messages = manifest.messages as Record<string, string>;

  it('fills the templates of the status lines and problems', () => {
    expect(phaseText({ kind: 'reading' }, messages)).toBe('Reading the text of the PDF...');
    expect(messages.downloadProgress).toBe('Downloading the translation model: {percent}%');
    expect(phaseText({ kind: 'download', percent: 7 }, messages)).toBe('Downloading the translation model: 7%');
    expect(messages.translateProgress).toBe('Translating paragraph {done} of {total}...');
    expect(phaseText({ kind: 'translate', done: 2, total: 5 }, messages)).toBe('Translating paragraph 2 of 5...');
    expect(messages.pairUnavailable).toBe(
      'This browser cannot translate {source} into {target} on your device. Choose another target language, or try the tool in demo mode.',
    );
    expect(messages.sameLanguage).toBe('This PDF already seems to be in {target}. Choose another target language.');
    expect(fill(messages.sameLanguage!, { target: 'German' })).toBe('This PDF already seems to be in German. Choose another target language.');
  });
});

describe('PDF Translator in demo mode', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    setDemoMode(true);
  });
  afterEach(afterEachTest);

  it('asks for a file first, and never needs the Translator', async () => {
    renderWithShell(<PdfTranslatorView manifest={manifest} />);
    expect(screen.getByRole('button', { name: TRANSLATE })).toBeDisabled();
    expect(screen.queryByTestId('translator-problem')).toBeNull();
    fireEvent.submit(screen.getByRole('button', { name: TRANSLATE }).closest('form')!);
    await flush();
    expect(toastTexts()).toEqual(['Error: Please upload a PDF file to translate.']);
  });
});
