// @vitest-environment jsdom
/** The image option field inside the generic options form, on the Add Watermark manifest. */
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithShell } from '../../../tests/support/components';
import { toolBySlug } from '../../../tests/support/catalogue';
import { crc32 } from '../../lib/image/png-check';
import { OptionsForm, type OptionsFormApi } from '../OptionsForm';
import { useToolOptions } from '../useToolOptions';

const manifest = toolBySlug('add-watermark')!;
const facts = { fileCount: 1, totalBytes: 1000 };
let api: OptionsFormApi;

function Harness() {
  const form = useToolOptions(manifest, facts);
  api = form;
  return <OptionsForm manifest={manifest} form={form} facts={facts} />;
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** A PNG header (signature, IHDR with a valid CRC, IEND) claiming width x height pixels. */
function pngHeader(width: number, height: number): Uint8Array {
  const be32 = (n: number) => [n >>> 24, (n >>> 16) & 255, (n >>> 8) & 255, n & 255];
  const chunk = (type: string, data: number[]) => {
    const body = [...type].map((c) => c.charCodeAt(0)).concat(data);
    return [...be32(data.length), ...body, ...be32(crc32(new Uint8Array(body)))];
  };
  return new Uint8Array([...PNG_SIGNATURE, ...chunk('IHDR', [...be32(width), ...be32(height), 8, 6, 0, 0, 0]), ...chunk('IEND', [])]);
}

const file = (bytes: Uint8Array, name: string, type: string) => new File([bytes as BlobPart], name, { type });

async function switchToImage(user: ReturnType<typeof userEvent.setup>) {
  renderWithShell(<Harness />);
  expect(screen.getByLabelText('Watermark text')).toHaveProperty('value', 'CONFIDENTIAL');
  expect(screen.queryByLabelText('Watermark image')).toBeNull();
  await user.click(screen.getByRole('radio', { name: 'Image' }));
  expect(screen.queryByLabelText('Watermark text')).toBeNull();
  return screen.getByLabelText('Watermark image') as HTMLInputElement;
}

describe('the image option field', () => {
  it('is a labelled file chooser that shows the chosen image with a remove button, operable from the keyboard', async () => {
    const user = userEvent.setup();
    const input = await switchToImage(user);
    expect(input.type).toBe('file');
    expect(input.accept).toBe('image/png,.png,image/jpeg,.jpg,.jpeg');
    await user.upload(input, file(pngHeader(40, 20), 'logo.png', 'image/png'));
    const remove = await screen.findByRole('button', { name: 'Remove logo.png' });
    expect(screen.getByText('logo.png')).toBeTruthy();
    expect(String(api.getValues('image'))).toMatch(/^data:image\/png;name=logo\.png;base64,iVBORw0KGgo/);
    expect(await api.trigger()).toBe(true);

    remove.focus();
    await user.keyboard('{Enter}');
    expect(screen.queryByRole('button', { name: /^Remove/ })).toBeNull();
    expect(api.getValues('image')).toBe('');
    expect(document.activeElement).toBe(screen.getByLabelText('Watermark image'));
    // An image is required in image mode, with the manifest's own words.
    expect(await act(() => api.trigger())).toBe(false);
    expect(api.formState.errors.image?.message).toBe('Please choose the watermark image (a PNG or JPEG file).');
  });

  it('says a file of the wrong type is not a PNG or JPEG and what to choose', async () => {
    const user = userEvent.setup({ applyAccept: false });
    const input = await switchToImage(user);
    await user.upload(input, file(new TextEncoder().encode('GIF89a and more'), 'logo.gif', 'image/gif'));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The file logo.gif is not a PNG or JPEG image. Please choose a PNG or JPEG file for the watermark image.',
    );
    expect(input.getAttribute('aria-invalid')).toBe('true');
    // The wrong file can be removed like any other.
    await user.click(screen.getByRole('button', { name: 'Remove logo.gif' }));
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
  });

  it('refuses a file that is too large before reading it, and an image whose header claims too many pixels', async () => {
    const user = userEvent.setup();
    const input = await switchToImage(user);
    const big = file(new Uint8Array(6 * 1048576), 'poster.png', 'image/png');
    await user.upload(input, big);
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The file poster.png is 6.0 MB; the watermark image can be at most 5.0 MB. Please choose a smaller image.',
    );
    expect(api.getValues('image')).toBe('');

    await user.upload(input, file(pngHeader(20000, 20000), 'huge.png', 'image/png'));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toMatch(/^The image huge\.png is 20000 x 20000 pixels/));
    expect(api.getValues('image')).toBe('');
  });
});
