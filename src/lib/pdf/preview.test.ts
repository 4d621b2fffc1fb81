import { describe, expect, it } from 'vitest';
import { canvasPixelRatio, fitScale, openPreview, PreviewError, previewProblem } from './preview';
import { encryptedMessage, unlockLink } from './load';

describe('preview layer', () => {
  it('maps a pdf.js password failure to the unlock message and link, anything else to damaged', () => {
    const password = Object.assign(new Error('No password given'), { name: 'PasswordException' });
    expect(previewProblem(password, 'a.pdf')).toEqual({ message: encryptedMessage(), link: unlockLink() });
    expect(previewProblem(new Error('Invalid PDF structure.'), 'b.pdf')).toEqual({
      message: 'The file b.pdf is damaged and could not be read. Please choose another PDF.',
    });
  });

  it('refuses a file that is not a PDF before loading pdf.js', async () => {
    const file = new File(['hello'], 'note.pdf', { type: 'application/pdf' });
    const error = await openPreview(file).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PreviewError);
    expect((error as PreviewError).message).toBe('The file note.pdf is not a PDF. Please choose a PDF file.');
  });

  it('fits the longer side of a page in the box and caps the pixel ratio', () => {
    expect(fitScale(600, 800, 400)).toBe(0.5);
    expect(fitScale(800, 600, 400)).toBe(0.5);
    expect(fitScale(0, 0, 400)).toBe(1);
    expect(canvasPixelRatio(3)).toBe(2);
    expect(canvasPixelRatio(undefined)).toBe(1);
    expect(canvasPixelRatio(0.5)).toBe(1);
  });
});
