// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useEarlyFiles } from './useEarlyFiles';

/** jsdom has no DataTransfer: a list of the added files stands in for its FileList. */
class FakeDataTransfer {
  files: File[] = [];
  items = { add: (file: File) => void this.files.push(file) };
}

/** A stand-in for the drop zone's input: records each batch given to it with its change event. */
function fakeInput() {
  const given: string[][] = [];
  const input = {
    files: [] as File[],
    addEventListener: vi.fn(),
    dispatchEvent: vi.fn((event: Event) => {
      expect(event.type).toBe('change');
      expect(event.bubbles).toBe(true);
      given.push(input.files.map((f) => f.name));
      return true;
    }),
  };
  return { ref: { current: input as unknown as HTMLInputElement }, given };
}

const file = (name: string) => new File(['%PDF'], name, { type: 'application/pdf' });

beforeEach(() => {
  vi.stubGlobal('DataTransfer', FakeDataTransfer);
});
afterEach(() => {
  vi.unstubAllGlobals();
  delete window.earlyFiles;
});

describe('useEarlyFiles', () => {
  it('gives the caught batches to the input one at a time, each after the previous one was taken', () => {
    window.earlyFiles = { batches: [[file('a.pdf')], [file('b.pdf'), file('c.pdf')]] };
    const { ref, given } = fakeInput();
    const { result } = renderHook(() => useEarlyFiles(ref));
    expect(given).toEqual([['a.pdf']]);
    expect(window.earlyFiles.batches).toEqual([]);
    act(() => result.current());
    expect(given).toEqual([['a.pdf'], ['b.pdf', 'c.pdf']]);
    act(() => result.current());
    expect(given).toHaveLength(2);
    // A drop handled by the drop zone itself (not a batch given by the hook) changes nothing.
    act(() => result.current());
    expect(given).toHaveLength(2);
  });

  it('hands the batches it has not given yet to the drop zone that replaces it', () => {
    window.earlyFiles = { batches: [[file('a.pdf')], [file('b.pdf')], [file('c.pdf')]] };
    const first = fakeInput();
    const { unmount } = renderHook(() => useEarlyFiles(first.ref));
    expect(first.given).toEqual([['a.pdf']]);
    // A view takes over the page before the first drop zone gave the rest.
    unmount();
    const next = fakeInput();
    const { result } = renderHook(() => useEarlyFiles(next.ref));
    act(() => result.current());
    expect(next.given).toEqual([['b.pdf'], ['c.pdf']]);
    expect(window.earlyFiles.batches).toEqual([]);
  });

  it('takes the files dropped elsewhere on the page while mounted, and waits for the batch before', () => {
    window.earlyFiles = { batches: [[file('a.pdf')]] };
    const { ref, given } = fakeInput();
    const { result, unmount } = renderHook(() => useEarlyFiles(ref));
    const take = window.earlyFiles.take!;
    expect(take).toBeTypeOf('function');
    act(() => take([file('b.pdf')]));
    expect(given).toEqual([['a.pdf']]);
    act(() => result.current());
    expect(given).toEqual([['a.pdf'], ['b.pdf']]);
    act(() => result.current());
    act(() => take([file('c.pdf')]));
    expect(given).toEqual([['a.pdf'], ['b.pdf'], ['c.pdf']]);
    unmount();
    expect(window.earlyFiles.take).toBeUndefined();
  });

  it('ignores drops while the drop zone is disabled, and gives caught files once it is enabled', () => {
    window.earlyFiles = { batches: [[file('a.pdf')]] };
    const { ref, given } = fakeInput();
    const { rerender } = renderHook(({ disabled }) => useEarlyFiles(ref, disabled), { initialProps: { disabled: true } });
    act(() => window.earlyFiles!.take!([file('b.pdf')]));
    expect(given).toEqual([]);
    rerender({ disabled: false });
    expect(given).toEqual([['a.pdf']]);
  });

  it('does nothing where the entry script did not run (tests, the development server before it starts)', () => {
    const { ref, given } = fakeInput();
    const { result } = renderHook(() => useEarlyFiles(ref));
    act(() => result.current());
    expect(given).toEqual([]);
    expect(window.earlyFiles).toBeUndefined();
  });

  it('passes on a choice that lands on its input after the drop zone has left the page', () => {
    window.earlyFiles = { batches: [] };
    const input = document.createElement('input');
    input.type = 'file';
    document.body.append(input);
    const { unmount } = renderHook(() => useEarlyFiles({ current: input }));
    // A view replaces the page, and this input, while its file dialog is open; the view's drop zone takes over.
    unmount();
    input.remove();
    const take = vi.fn();
    window.earlyFiles.take = take;
    Object.defineProperty(input, 'files', { value: [file('late.pdf')] });
    input.dispatchEvent(new Event('change'));
    expect(take).toHaveBeenCalledTimes(1);
    expect(take.mock.calls[0][0].map((f: File) => f.name)).toEqual(['late.pdf']);
    // With no drop zone live yet, the choice waits with the other early files.
    delete window.earlyFiles.take;
    input.dispatchEvent(new Event('change'));
    expect(window.earlyFiles.batches.map((batch) => batch.map((f) => f.name))).toEqual([['late.pdf']]);
  });

  it('leaves a choice on an input still on the page to the drop zone', () => {
    const take = vi.fn();
    window.earlyFiles = { batches: [], take };
    const input = document.createElement('input');
    document.body.append(input);
    renderHook(() => useEarlyFiles({ current: input }));
    Object.defineProperty(input, 'files', { value: [file('here.pdf')] });
    input.dispatchEvent(new Event('change'));
    expect(take).not.toHaveBeenCalled();
    input.remove();
  });
});
