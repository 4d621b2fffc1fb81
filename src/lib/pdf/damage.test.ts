import { describe, expect, it } from 'vitest';
import { ToolError } from '../errors';
import { damagedPdfError, damageReasonIn, pdfDamageReason, pageTreeReason } from './damage';

/** An error as pdf.js raises it: a plain Error whose name is the exception class. */
function pdfjsError(name: string, message: string): Error {
  const error = new Error(message);
  error.name = name;
  return error;
}

describe('pdfDamageReason', () => {
  it.each([
    [pdfjsError('UnknownErrorException', 'Page dictionary kids object is not an array.'), pageTreeReason()],
    [pdfjsError('UnknownErrorException', 'Pages tree contains circular reference.'), pageTreeReason()],
    [pdfjsError('InvalidPDFException', 'Invalid Root reference.'), 'its cross-reference table or catalog is missing or broken'],
    [pdfjsError('FormatError', 'Bad FCHECK in flate stream: 120, 253'), 'some of its compressed data is corrupt'],
    [new Error('Expected instance of PDFDict, but got instance of PDFNumber'), 'some of its objects are broken or of the wrong kind'],
    [pdfjsError('UnknownErrorException', 'Something else entirely'), 'parts of it cannot be read'],
  ])('says what is wrong for %s', (error, reason) => {
    expect(pdfDamageReason(error)).toBe(reason);
  });

  it('leaves our own faults, cancels and ToolErrors alone', () => {
    expect(pdfDamageReason(new TypeError('Cannot read properties of undefined'))).toBeNull();
    expect(pdfDamageReason(new ToolError('Please enter a password.'))).toBeNull();
    expect(pdfDamageReason('a string')).toBeNull();
  });

  it('reads qpdf and Ghostscript output', () => {
    expect(damageReasonIn('qpdf: file.pdf: unable to find trailer dictionary while recovering damaged file')).toBe('its cross-reference table or catalog is missing or broken');
    expect(damageReasonIn('Error: /undefined in --showpage--')).toBe('its page content cannot be interpreted');
    expect(damageReasonIn('all fine')).toBeNull();
  });

  it('names the file in the message', () => {
    expect(damagedPdfError('a.pdf', pdfjsError('InvalidPDFException', 'Invalid PDF structure.'))?.message).toBe(
      'The file a.pdf is damaged (its cross-reference table or catalog is missing or broken) and could not be read. Open it in a PDF reader, save or print it as a new PDF, and try that copy, or choose another PDF.',
    );
  });
});
