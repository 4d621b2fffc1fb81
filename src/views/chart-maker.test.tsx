// @vitest-environment jsdom
import { Theme } from '@radix-ui/themes';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import toast from 'react-hot-toast';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toolBySlug } from '../../tests/support/catalogue';
import { setDemoMode } from '../engine/demo/demo-mode';
import { renderWithShell, toastTexts } from '../../tests/support/components';
import { startHandingOver, whenReached } from '../engine/reach';
import ChartMaker from './chart-maker';

const manifest = toolBySlug('chart-maker')!;
const NOW = 1700000000000;
const flush = () => act(() => vi.advanceTimersByTimeAsync(0));

function setup() {
  renderWithShell(<ChartMaker manifest={manifest} />);
  return {
    data: screen.getByLabelText('Chart data') as HTMLTextAreaElement,
    type: screen.getByLabelText('Chart type') as HTMLSelectElement,
    create: () => screen.getByRole('button', { name: /Create Chart|Creating\.\.\./ }),
  };
}

async function change(el: HTMLElement, value: string) {
  fireEvent.change(el, { target: { value } });
  await flush();
}

describe('Chart Maker view (demo mode)', () => {
  let getContext: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(NOW);
    setDemoMode(true);
    // jsdom has no 2D canvas; the drawing itself is tested through the processor.
    getContext = vi.fn(() => null);
    HTMLCanvasElement.prototype.getContext = getContext as never;
    URL.createObjectURL = vi.fn(() => 'blob:chart');
    URL.revokeObjectURL = vi.fn();
  });
  afterEach(() => {
    act(() => toast.remove());
    setDemoMode(false);
    vi.useRealTimers();
  });

  it('is a text-only tool that starts with the two-series sample and bar, line, pie (bar first)', async () => {
    expect(manifest.accept).toEqual({});
    expect(manifest.limits.minFiles).toBe(0);
    expect(manifest.simulation.delayMs).toBe(2000);
    const { data, type } = setup();
    expect(screen.queryByTestId('file-input')).toBeNull();
    expect(data.value.split('\n')[0]).toBe('Month,Sales,Expenses');
    expect(Array.from(type.options).map((o) => o.value)).toEqual(['bar', 'line', 'pie']);
    expect(type.value).toBe('bar');
    expect(screen.getByTestId('chart-preview')).toHaveAccessibleName('bar chart preview of Sales, Expenses');
    // The chart library is loaded with the first preview.
    await act(async () => {
      await vi.waitFor(() => expect(getContext).toHaveBeenCalledWith('2d'), { timeout: 20000 });
    });
  });

  it('says to create a chart before downloading', async () => {
    setup();
    fireEvent.click(screen.getByRole('button', { name: 'Download Chart' }));
    await flush();
    expect(toastTexts()).toContain('Error: Please create a chart first.');
  });

  it('refuses blank data', async () => {
    const { data, create } = setup();
    await change(data, '  \n ');
    fireEvent.click(create());
    await flush();
    expect(toastTexts()).toContain('Error: Please enter chart data.');
    expect(create()).toHaveTextContent('Create Chart');
  });

  it('explains a non-numeric value in the preview and on Create', async () => {
    const { data, create } = setup();
    await change(data, 'Month,Sales\nJan,12x');
    const message = 'Row 2, column 2 (Sales): "12x" is not a number. Please use plain numbers such as 1200 or 12.5.';
    expect(screen.getByTestId('chart-preview-message')).toHaveTextContent(message);
    fireEvent.click(create());
    await flush();
    expect(toastTexts()).toContain(`Error: ${message}`);
    expect(screen.queryByTestId('result-name')).toBeNull();
  });

  it('creates "<type>-chart-<timestamp>.png" after exactly 2000 ms with the Mock success, then downloads it', async () => {
    const { create } = setup();
    fireEvent.click(create());
    await flush();
    expect(create()).toHaveTextContent('Creating...');
    expect(create()).toBeDisabled();
    await act(() => vi.advanceTimersByTimeAsync(1990));
    expect(screen.queryByTestId('result-name')).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(20));
    expect(screen.getByTestId('result-name')).toHaveTextContent(`bar-chart-${NOW + 2000}.png`);
    expect(screen.getByTestId('result-name').textContent).toMatch(/^bar-chart-\d+\.png$/);
    const facts = screen.getByRole('region', { name: 'Results' }).querySelector('dl')!;
    expect(facts).toHaveTextContent('Chart typebar');
    expect(toastTexts()).toContain("Success: Chart 'created' successfully! (Mock)");

    fireEvent.click(screen.getByRole('button', { name: 'Download Chart' }));
    await flush();
    expect(URL.createObjectURL).toHaveBeenCalledTimes(1);
    expect(toastTexts()).not.toContain('Error: Please create a chart first.');
  });

  it('names a pie chart after its type, and editing the data clears the earlier chart', async () => {
    const { type, data, create } = setup();
    await change(type, 'pie');
    fireEvent.click(create());
    await flush();
    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(screen.getByTestId('result-name').textContent).toMatch(/^pie-chart-\d+\.png$/);
    await change(data, 'Fruit,Count\nApples,3');
    expect(screen.queryByTestId('result-name')).toBeNull();
  });

  it('explains pie data that cannot be drawn', async () => {
    const { type, data } = setup();
    await change(type, 'pie');
    await change(data, 'L,V\nA,-1');
    expect(screen.getByTestId('chart-preview-message')).toHaveTextContent('A pie chart cannot show negative values: row 2 (A) has -1.');
  });
});

describe('Chart Maker pre-rendered, with data typed before it hydrates', () => {
  const TYPED = 'Fruit,Apples,Pears\nMon,3,4\nTue,5,2';

  beforeEach(() => {
    HTMLCanvasElement.prototype.getContext = vi.fn(() => null) as never;
  });

  it('keeps the typed data, which hydrating its sample-filled data box would write over, and previews it', async () => {
    // The page as the build writes it; the tool's code waits for the visitor (ToolRoute's StartWhenReached).
    const page = (
      <Theme>
        <ChartMaker manifest={manifest} />
      </Theme>
    );
    const container = document.createElement('div');
    container.innerHTML = renderToString(page);
    document.body.append(container);
    const data = container.querySelector<HTMLTextAreaElement>('textarea[name="data"]')!;
    expect(data.value.split('\n')[0]).toBe('Month,Sales,Expenses');
    void whenReached();
    // The visitor replaces the sample as plain HTML; the tool's code then arrives and hydrates.
    data.focus();
    data.value = TYPED;
    data.dispatchEvent(new Event('input', { bubbles: true }));
    startHandingOver();
    const root = await act(async () => hydrateRoot(container, page));

    await waitFor(() => expect(screen.getByTestId('chart-preview')).toHaveAccessibleName('bar chart preview of Apples, Pears'));
    expect(data.value).toBe(TYPED);
    act(() => root.unmount());
    container.remove();
  });
});
