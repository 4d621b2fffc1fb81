// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { catchEarlyFiles } from './early-files';

const TOOL_PAGE = `<div id="root">
  <h1>Merge PDF</h1>
  <input type="file" data-testid="file-input">
  <div class="dropzone dropzone-idle" role="button"><p>Drag and drop your files here</p></div>
  <input type="file" id="other">
</div>`;

/** A fresh window (an iframe's) with the catcher installed, and a listener standing in for React's on #root. */
function setUp(body: string) {
  const frame = document.createElement('iframe');
  document.body.append(frame);
  const window = frame.contentWindow!;
  window.document.body.innerHTML = body;
  const early = catchEarlyFiles(window);
  const reactSaw = vi.fn();
  const root = window.document.getElementById('root');
  for (const type of ['change', 'drop']) root?.addEventListener(type, reactSaw);
  return { window, document: window.document, early, reactSaw };
}

afterEach(() => document.body.replaceChildren());

function file(name: string, type = 'application/pdf'): File {
  return new File(['%PDF-1.7'], name, { type });
}

/** Chooses `files` on an input the way the browser does: sets its files and fires change. */
function choose(input: HTMLInputElement, files: File[]): boolean {
  Object.defineProperty(input, 'files', { value: files, configurable: true });
  return input.dispatchEvent(new input.ownerDocument.defaultView!.Event('change', { bubbles: true }));
}

/** Fires a drag event carrying `files` at `target`; returns the event (defaultPrevented tells whether it was taken). */
function drag(target: Element, type: 'dragover' | 'drop', files: File[], types = ['Files']) {
  const event = new target.ownerDocument.defaultView!.Event(type, { bubbles: true, cancelable: true });
  const dataTransfer = { types, files, dropEffect: 'none' };
  Object.defineProperty(event, 'dataTransfer', { value: dataTransfer });
  target.dispatchEvent(event);
  return { prevented: event.defaultPrevented, dropEffect: dataTransfer.dropEffect };
}

describe('catchEarlyFiles before the page is live', () => {
  it('keeps files chosen with the drop zone input, read at the event, and hides the event from the page', () => {
    const { document, early, reactSaw, window } = setUp(TOOL_PAGE);
    const input = document.querySelector<HTMLInputElement>('[data-testid="file-input"]')!;
    const a = file('a.pdf');
    choose(input, [a]);
    // Hydration may reset the input afterwards; the batch holds the files themselves.
    Object.defineProperty(input, 'files', { value: [], configurable: true });
    expect(early.batches).toEqual([[a]]);
    expect(reactSaw).not.toHaveBeenCalled();
    expect(window.earlyFiles).toBe(early);
  });

  it('keeps one batch per choice or drop, in order, wherever the file is dropped on a tool page', () => {
    const { document, early, reactSaw } = setUp(TOOL_PAGE);
    const [a, b, c, d] = ['a.pdf', 'b.pdf', 'c.pdf', 'd.txt'].map((n) => file(n));
    choose(document.querySelector('[data-testid="file-input"]')!, [a]);
    expect(drag(document.querySelector('.dropzone p')!, 'dragover', [])).toEqual({ prevented: true, dropEffect: 'copy' });
    expect(drag(document.querySelector('.dropzone p')!, 'drop', [b, c]).prevented).toBe(true);
    expect(drag(document.querySelector('h1')!, 'drop', [d]).prevented).toBe(true);
    expect(early.batches).toEqual([[a], [b, c], [d]]);
    expect(reactSaw).not.toHaveBeenCalled();
  });

  it('leaves other file inputs, empty choices and drags without files alone', () => {
    const { document, early, reactSaw } = setUp(TOOL_PAGE);
    choose(document.querySelector('#other')!, [file('x.pdf')]);
    choose(document.querySelector('[data-testid="file-input"]')!, []);
    expect(drag(document.querySelector('h1')!, 'dragover', [], ['text/plain']).prevented).toBe(false);
    expect(drag(document.querySelector('h1')!, 'drop', [], ['text/plain']).prevented).toBe(false);
    expect(early.batches).toEqual([]);
    // The other input's change and the text drop reach the page; the empty choice does not.
    expect(reactSaw).toHaveBeenCalledTimes(2);
  });

  it('ignores a file dropped on a page without a drop zone, and never lets the browser open it', () => {
    const { document, early } = setUp('<div id="root"><h1>All tools</h1></div>');
    expect(drag(document.querySelector('h1')!, 'dragover', [])).toEqual({ prevented: true, dropEffect: 'none' });
    expect(drag(document.querySelector('h1')!, 'drop', [file('a.pdf')]).prevented).toBe(true);
    expect(early.batches).toEqual([]);
  });
});

describe('catchEarlyFiles once the drop zone has taken over', () => {
  it('lets the drop zone handle its own input and drops, and gives it files dropped elsewhere', () => {
    const { document, early, reactSaw } = setUp(TOOL_PAGE);
    const take = vi.fn();
    early.take = take;
    const a = file('a.pdf');
    choose(document.querySelector('[data-testid="file-input"]')!, [a]);
    expect(drag(document.querySelector('.dropzone p')!, 'drop', [a]).prevented).toBe(false);
    expect(reactSaw).toHaveBeenCalledTimes(2);
    expect(take).not.toHaveBeenCalled();

    const b = file('b.pdf');
    expect(drag(document.querySelector('h1')!, 'drop', [b]).prevented).toBe(true);
    expect(take).toHaveBeenCalledWith([b]);
    expect(early.batches).toEqual([]);
  });

  it('still never lets the browser open a file once the drop zone has gone (a page without one)', () => {
    const { document, early } = setUp(TOOL_PAGE);
    early.take = vi.fn();
    early.take = undefined;
    document.querySelector('[data-testid="file-input"]')!.remove();
    document.querySelector('.dropzone')!.remove();
    expect(drag(document.querySelector('h1')!, 'drop', [file('a.pdf')]).prevented).toBe(true);
    expect(early.batches).toEqual([]);
  });
});
