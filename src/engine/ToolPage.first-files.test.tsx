// @vitest-environment jsdom
/**
 * The first files and the options form appear together: the form's code loads
 * when the first files are chosen, and those files are listed once it has
 * loaded, so the action button does not move under a pointer about to press it.
 */
import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { pdfFile, renderWithShell, testManifest } from '../../tests/support/components';
import { ToolPage } from './ToolPage';

/** The form's code, held back until the test lets it arrive. */
const formCode = vi.hoisted(() => {
  let arrive!: () => void;
  const arrived = new Promise<void>((resolve) => (arrive = resolve));
  return { arrive, arrived, loaded: false, asked: 0 };
});

vi.mock('./options-form-lazy', async () => {
  const { createElement } = await import('react');
  const state = () => import('./options-state');
  return {
    OptionsForm: () => createElement('fieldset', null, createElement('legend', null, 'Options')),
    optionsFormLoaded: () => formCode.loaded,
    loadOptionsForm: () => {
      formCode.asked++;
      return formCode.arrived.then(state).then(() => void (formCode.loaded = true));
    },
    loadOptionsResolver: () => import('./options-resolver'),
    loadedOptionsState: () => undefined,
    whenOptionsStateLoads: (listener: (module: unknown) => void) => {
      void formCode.arrived.then(state).then(listener);
      return () => undefined;
    },
  };
});

/** Lets the drop zone read the chosen files (it does so asynchronously). */
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 20)));

describe('the first files on a tool page with options', () => {
  it('are listed once the options form has loaded, every choice made meanwhile kept, and later files at once', async () => {
    const manifest = testManifest({
      limits: { maxFiles: 5, maxBytes: 1024, appendFiles: true },
      options: [{ name: 'level', type: 'select', label: 'Level', default: 'low', choices: [{ value: 'low', label: 'Low' }, { value: 'high', label: 'High' }] }],
    });
    renderWithShell(<ToolPage manifest={manifest} />);
    const input = screen.getByTestId('file-input');

    fireEvent.change(input, { target: { files: [pdfFile('a.pdf', 10)] } });
    await settle();
    fireEvent.change(input, { target: { files: [pdfFile('c.pdf', 10)] } });
    await settle();
    expect(formCode.asked).toBe(1);
    expect(screen.queryByText('a.pdf')).toBeNull();

    await act(async () => formCode.arrive());
    await settle();
    // Both choices made while the form loaded are kept, in order.
    expect(screen.getAllByText(/^[ac]\.pdf$/).map((el) => el.textContent)).toEqual(['a.pdf', 'c.pdf']);
    expect(screen.getByRole('group', { name: 'Options' })).toBeInTheDocument();

    fireEvent.change(input, { target: { files: [pdfFile('b.pdf', 10)] } });
    await settle();
    expect(screen.getByText('b.pdf')).toBeInTheDocument();
    expect(formCode.asked).toBe(1);
  });
});
