/** Rendering helpers for component tests of tool pages and views. */
import { Theme } from '@radix-ui/themes';
import { render, screen, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { Toaster } from 'react-hot-toast';
import { manifestSchema, type ManifestInput, type ToolManifest } from '../../schemas/manifest';

export function renderWithShell(ui: ReactElement) {
  return render(
    <Theme>
      {ui}
      <Toaster />
    </Theme>,
  );
}

/** A valid manifest for tests, with overrides. */
export function testManifest(overrides: Partial<ManifestInput> = {}): ToolManifest {
  return manifestSchema.parse({
    id: 1,
    slug: 'test-tool',
    category: 'pdf',
    order: 1,
    title: 'Test Tool',
    description: 'A tool for tests.',
    icon: 'FileDown',
    features: ['a', 'b', 'c', 'd'],
    howTo: ['Upload', 'Run', 'Download'],
    accept: { 'application/pdf': ['.pdf'] },
    limits: { maxFiles: 1, maxBytes: 1024 },
    action: { label: 'Run Tool', busyLabel: 'Running...' },
    output: { name: 'out-{name}' },
    messages: { noFile: 'Please upload a file.', downloadFirst: 'Please run first.', success: 'Done!' },
    simulation: { delayMs: 2000, sizeFactor: 0.5, success: 'Done! (Mock)' },
    ...overrides,
  });
}

/** The toasts currently shown, as "Title: message" strings. */
export function toastTexts(): string[] {
  return screen.queryAllByTestId('toast').map((t) => {
    const title = t.querySelector('.toast-title')?.textContent ?? '';
    const message = t.querySelector('.toast-message')?.textContent ?? '';
    return `${title}: ${message}`;
  });
}

export function pdfFile(name: string, size: number): File {
  return new File([new Uint8Array(size)], name, { type: 'application/pdf' });
}

export { within };
