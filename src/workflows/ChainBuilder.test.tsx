// @vitest-environment jsdom
/** The chain builder: which tools it offers, the link that carries a chain, broken links, saved chains. */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import toast from 'react-hot-toast';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { allTools, toolBySlug } from '../../tests/support/catalogue';
import { canFollow, producesWith } from '../core/chain';
import { toastTexts } from '../../tests/support/components';
import { ChainBuilder, invalidLinkMessage, unreadableLinkMessage } from './ChainBuilder';
import { chainHash, readChainHash } from './chain-link';
import { chainTools } from './chain-tools';
import { runLabel } from './ChainWork';
import { renderInRouter } from '../../tests/support/router';

const firstPicker = () => screen.getByLabelText('Choose the first tool');
const nextPicker = () => screen.getByLabelText('Add a step');
const offered = (select: HTMLElement) => within(select).getAllByRole('option').map((o) => (o as HTMLOptionElement).value).filter(Boolean);
const steps = () => screen.queryAllByTestId('chain-step');
const stepTitles = () => steps().map((s) => within(s).getByRole('heading').textContent);

async function addStep(select: HTMLElement, slug: string) {
  const count = steps().length;
  fireEvent.change(select, { target: { value: slug } });
  fireEvent.click(screen.getByRole('button', { name: 'Add step' }));
  await waitFor(() => expect(steps()).toHaveLength(count + 1));
}

async function openWithHash(hash: string) {
  window.history.replaceState(null, '', `/workflows/new${hash}`);
  await renderInRouter(<ChainBuilder />);
}

beforeEach(() => {
  localStorage.clear();
  window.history.replaceState(null, '', '/workflows/new');
});
afterEach(() => {
  act(() => toast.remove());
});

describe('the chain builder', () => {
  it('starts from any tool that works on files, then offers only the tools that take what the last step makes', async () => {
    await renderInRouter(<ChainBuilder />);
    expect(offered(firstPicker())).toEqual(expect.arrayContaining(chainTools.map((t) => t.slug)));
    // Tools that need their own page or only simulate are never offered.
    expect(offered(firstPicker())).not.toContain('esign-pdf');
    expect(offered(firstPicker())).not.toContain('text-to-speech');

    await addStep(firstPicker(), 'image-compressor');
    const compressor = toolBySlug('image-compressor')!;
    const expected = (made: ReturnType<typeof producesWith>) =>
      chainTools.filter((t) => canFollow({ produces: made }, toolBySlug(t.slug)!)).map((t) => t.slug).sort();

    // Set to WebP, the compressor makes only .webp files: a JPG-only tool is not offered.
    fireEvent.change(within(steps()[0]).getByLabelText('Output format'), { target: { value: 'webp' } });
    await waitFor(() => expect(offered(nextPicker())).not.toContain('jpg-to-pdf'));
    expect([...offered(nextPicker())].sort()).toEqual(expected(producesWith(compressor, { format: 'webp' })));

    fireEvent.change(within(steps()[0]).getByLabelText('Output format'), { target: { value: 'jpg' } });
    await waitFor(() => expect(offered(nextPicker())).toContain('jpg-to-pdf'));
    expect([...offered(nextPicker())].sort()).toEqual(expected(producesWith(compressor, { format: 'jpg' })));

    await addStep(nextPicker(), 'jpg-to-pdf');
    const afterPdf = offered(nextPicker());
    expect(afterPdf).toContain('protect-pdf');
    for (const slug of afterPdf) expect(canFollow(toolBySlug('jpg-to-pdf')!, toolBySlug(slug)!), slug).toBe(true);
    // Every chain tool left out is one that cannot take a PDF.
    for (const tool of allTools.filter((t) => chainTools.some((c) => c.slug === t.slug) && !afterPdf.includes(t.slug))) {
      expect(canFollow(toolBySlug('jpg-to-pdf')!, tool), tool.slug).toBe(false);
    }
  });

  it('puts the chain in a link that opens the same steps and options again', async () => {
    await renderInRouter(<ChainBuilder />);
    await addStep(firstPicker(), 'image-compressor');
    fireEvent.change(within(steps()[0]).getByLabelText('Output format'), { target: { value: 'jpg' } });
    fireEvent.change(within(steps()[0]).getByLabelText('Quality'), { target: { value: '55' } });
    await waitFor(() => expect(offered(nextPicker())).toContain('jpg-to-pdf'));
    await addStep(nextPicker(), 'jpg-to-pdf');
    fireEvent.change(within(steps()[1]).getByLabelText('Margin'), { target: { value: 'big' } });
    await addStep(nextPicker(), 'protect-pdf');
    fireEvent.change(within(steps()[2]).getByLabelText('Password'), { target: { value: 'secret-words' } });

    fireEvent.click(screen.getByRole('button', { name: 'Copy link' }));
    const link = await screen.findByTestId('chain-link');
    const url = new URL((link as HTMLInputElement).value);
    expect(url.pathname).toBe('/workflows/new');
    expect(location.hash).toBe(url.hash);
    const carried = readChainHash(url.hash) as { steps: { tool: string; options: Record<string, unknown>; ask?: string[] }[] };
    expect(carried.steps.map((s) => s.tool)).toEqual(['image-compressor', 'jpg-to-pdf', 'protect-pdf']);
    expect(carried.steps[0].options).toMatchObject({ format: 'jpg', quality: 55 });
    // The password stays on this device: the link asks for it instead.
    expect(JSON.stringify(carried)).not.toContain('secret-words');
    expect(carried.steps[2]).toEqual({ tool: 'protect-pdf', options: {}, ask: ['password'] });

    document.body.innerHTML = '';
    await openWithHash(url.hash);
    await waitFor(() => expect(stepTitles()).toEqual(['Step 1: Image Compressor', 'Step 2: JPG to PDF', 'Step 3: Protect PDF']));
    expect(within(steps()[0]).getByLabelText('Output format')).toHaveValue('jpg');
    expect(within(steps()[0]).getByLabelText('Quality')).toHaveValue('55');
    expect(within(steps()[1]).getByLabelText('Margin')).toHaveValue('big');
    expect(within(steps()[2]).getByLabelText('Password')).toHaveValue('');
    expect(within(steps()[2]).getByTestId('asked-field')).toBeInTheDocument();
  });

  it('opens a link that fails validation as an empty builder with an Error that says why', async () => {
    await openWithHash(`#${chainHash({ steps: [{ tool: 'pdf-compressor', options: {} }, { tool: 'jpg-to-png', options: {} }] })}`);
    const expected = invalidLinkMessage(
      'Workflow "my-workflow", step 2 (jpg-to-png): it cannot follow step 1 (pdf-compressor): it takes .jpg, .jpeg, and step 1 makes .pdf',
    );
    await waitFor(() => expect(toastTexts()).toContain(`Error: ${expected}`));
    expect(expected).toBe(
      'The workflow in this link cannot be opened. Step 2 (jpg-to-png): it cannot follow step 1 (pdf-compressor): it takes .jpg, .jpeg, and step 1 makes .pdf. The builder starts empty.',
    );
    expect(steps()).toHaveLength(0);
    expect(firstPicker()).toBeInTheDocument();
  });

  it('says which tool of a link does not exist, and when a link is not a chain at all', async () => {
    await openWithHash(`#${chainHash({ steps: [{ tool: 'merge-pdf', options: {} }, { tool: 'protect-pdfs', options: {} }] })}`);
    await waitFor(() =>
      expect(toastTexts()).toContain('Error: The workflow in this link cannot be opened. Step 2 (protect-pdfs): there is no tool with this slug. The builder starts empty.'),
    );
    act(() => toast.remove());
    document.body.innerHTML = '';
    await openWithHash('#chain=not*base64');
    await waitFor(() => expect(toastTexts()).toContain(`Error: ${unreadableLinkMessage()}`));
    expect(steps()).toHaveLength(0);
  });

  it('saves a chain by name in this browser, lists it and opens it again', async () => {
    await renderInRouter(<ChainBuilder />);
    await addStep(firstPicker(), 'merge-pdf');
    await addStep(nextPicker(), 'pdf-compressor');
    fireEvent.change(screen.getByLabelText('Workflow name'), { target: { value: 'Monthly reports' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const item = await screen.findByTestId('saved-workflow');
    expect(item).toHaveTextContent('Monthly reports');
    expect(item).toHaveTextContent('Merge PDF → PDF Compressor');
    expect(JSON.parse(localStorage.getItem('filedesk-saved-workflows')!)).toEqual([
      expect.objectContaining({ name: 'Monthly reports', steps: [expect.objectContaining({ tool: 'merge-pdf' }), expect.objectContaining({ tool: 'pdf-compressor' })] }),
    ]);

    fireEvent.click(within(steps()[0]).getByRole('button', { name: 'Remove step 1' }));
    await waitFor(() => expect(steps()).toHaveLength(1));
    fireEvent.click(screen.getByRole('button', { name: 'Open Monthly reports' }));
    await waitFor(() => expect(stepTitles()).toEqual(['Step 1: Merge PDF', 'Step 2: PDF Compressor']));
  });

  it('marks a step that no longer fits after a move, and will not run it', async () => {
    await renderInRouter(<ChainBuilder />);
    await addStep(firstPicker(), 'heic-to-jpg');
    await addStep(nextPicker(), 'jpg-to-pdf');
    fireEvent.click(within(steps()[1]).getByRole('button', { name: 'Move step 2 up' }));
    await waitFor(() => expect(stepTitles()).toEqual(['Step 1: JPG to PDF', 'Step 2: HEIC to JPG']));
    const problem = 'This tool takes .heic, .heif, and step 1 makes .pdf. Move or remove a step.';
    expect(within(steps()[1]).getByTestId('step-problem')).toHaveTextContent(problem);

    await act(async () => {
      fireEvent.change(screen.getByTestId('file-input'), { target: { files: [new File([new Uint8Array(8)], 'a.jpg', { type: 'image/jpeg' })] } });
    });
    fireEvent.click(screen.getByRole('button', { name: runLabel() }));
    await waitFor(() => expect(toastTexts()).toContain(`Error: Step 2 (HEIC to JPG): ${problem}`));
    expect(screen.queryByRole('progressbar')).toBeNull();
  });
});
