// @vitest-environment jsdom
import { act, fireEvent, renderHook, screen, waitFor } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Theme } from '@radix-ui/themes';
import { pdfFile, renderWithShell, toastTexts } from '../../tests/support/components';
import { demoModeHooks, listedNames } from '../../tests/support/views';
import { readManifests } from '../manifests/read';
import ToolRoute, { preloadTool, viewLoadFailed } from './ToolRoute';
import { loadedToolManifest } from './tool-manifest';
import { useToolRun } from './useToolRun';
import { viewLoader } from './view-modules';

/** Makes a view's code unreachable, as when the connection drops before the first file. */
const offline = vi.hoisted(() => ({ views: false, asked: [] as string[] }));
vi.mock('./view-modules', async (importOriginal) => {
  const real = await importOriginal<typeof import('./view-modules')>();
  return {
    ...real,
    viewLoader: (name: string) => {
      offline.asked.push(name);
      return offline.views ? () => Promise.reject(new Error('Failed to fetch')) : real.viewLoader(name);
    },
  };
});

const SLUG = 'merge-pdf';
const LIST = 'Files to merge, in order';

/** Tools whose bespoke view takes over with the first files: every view of a tool that works on files. */
const viewsWithFiles = readManifests().filter((tool) => tool.view && tool.limits.minFiles > 0);

/** The text of a page as the build draws it, with tags collapsed: what the visitor reads, in order. */
function textOf(ui: React.ReactElement): string {
  return renderToString(<Theme>{ui}</Theme>)
    .replace(/<[^>]+>/g, '|')
    .replace(/\|+/g, '|');
}

async function chooseFiles(names: string[]) {
  await act(async () => {
    fireEvent.change(screen.getByTestId('file-input'), { target: { files: names.map((name) => pdfFile(name, 100)) } });
  });
}

describe('a tool page with a bespoke view', () => {
  demoModeHooks();
  beforeEach(() => {
    offline.views = false;
    vi.useRealTimers();
  });
  afterEach(() => {
    offline.views = false;
  });

  it.each(viewsWithFiles.map((tool) => [tool.slug, tool.view!]))('%s is drawn without its view (%s), and shows what the view shows before a file', async (slug, name) => {
    offline.asked = [];
    await preloadTool(slug);
    const manifest = loadedToolManifest(slug)!;
    const html = textOf(<ToolRoute slug={slug} />);
    expect(offline.asked).toEqual([]);
    expect(html).toContain('Drag and drop');
    const View = (await viewLoader(name)!()).default;
    expect(html).toBe(textOf(<View manifest={manifest} />));
  });

  it('hands the first files to the view, listed once, with focus kept on the drop zone', async () => {
    await preloadTool(SLUG);
    renderWithShell(<ToolRoute slug={SLUG} />);
    expect(screen.queryByRole('list', { name: LIST })).toBeNull();
    screen.getByRole('button', { name: 'Upload files' }).focus();
    await chooseFiles(['a.pdf', 'b.pdf']);
    await waitFor(() => expect(listedNames(LIST)).toEqual(['a.pdf', 'b.pdf']));
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Upload files' }));
    // The view goes on with the same run: more files are appended to the same list.
    await chooseFiles(['c.pdf']);
    await waitFor(() => expect(listedNames(LIST)).toEqual(['a.pdf', 'b.pdf', 'c.pdf']));
  });

  it('keeps files chosen one after another before the page shows the first ones', async () => {
    await preloadTool(SLUG);
    const manifest = loadedToolManifest(SLUG)!;
    const { result } = renderHook(() => useToolRun(manifest));
    // Both before a render: the second choice adds to the first, not to the list the page last showed.
    act(() => {
      result.current.addFiles([pdfFile('a.pdf', 100)]);
      result.current.addFiles([pdfFile('b.pdf', 100)]);
    });
    expect(result.current.files.map((file) => file.name)).toEqual(['a.pdf', 'b.pdf']);
  });

  it('says so when the view cannot be fetched, lists nothing, and takes the file once it can', async () => {
    // A view no other test here has loaded.
    const slug = 'esign-pdf';
    await preloadTool(slug);
    offline.views = true;
    renderWithShell(<ToolRoute slug={slug} />);
    await chooseFiles(['contract.pdf']);
    await waitFor(() => expect(toastTexts()).toEqual([`Error: ${viewLoadFailed()}`]));
    expect(screen.queryByText('contract.pdf')).toBeNull();
    offline.views = false;
    await chooseFiles(['contract.pdf']);
    // The view's own part: the signature panel.
    await screen.findByRole('tab', { name: /draw/i });
    expect(screen.getByText('contract.pdf')).toBeInTheDocument();
  });
});
