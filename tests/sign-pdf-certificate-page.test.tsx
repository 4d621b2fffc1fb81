// @vitest-environment jsdom
/**
 * Sign PDF with Certificate on the generic tool page, in demo mode with its
 * real manifest: the PDF and the certificate file go in one drop zone, the
 * password field hides what is typed, and the page's own messages for
 * missing files and over-long texts.
 */
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { toastTexts } from './support/components';
import { advance, choose, endDemo, fileOf, flush, press, renderTool, resultNames, startDemo, submitForm } from './support/tool-page';

const PDF = 'application/pdf';
const P12 = 'application/x-pkcs12';

async function fill(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
  await flush();
}

describe('Sign PDF with Certificate page', () => {
  beforeEach(startDemo);
  afterEach(endDemo);

  it('says the certificate and password stay on the device and that no timestamp server is asked', () => {
    renderTool('sign-pdf-certificate');
    expect(screen.getByText(/Your certificate file and its password never leave your device/)).toBeInTheDocument();
    expect(screen.getByText(/No timestamp server is contacted, so the signature carries this device's clock time/)).toBeInTheDocument();
    expect(screen.getByText(/use eSign PDF/)).toBeInTheDocument();
  });

  it('asks for the PDF and the certificate file: "Please upload the PDF to sign and your certificate file (.p12 or .pfx)."', async () => {
    renderTool('sign-pdf-certificate');
    await submitForm();
    expect(toastTexts()).toEqual(['Error: Please upload the PDF to sign and your certificate file (.p12 or .pfx).']);
  });

  it('with the PDF alone: "Please add both the PDF to sign and your certificate file (.p12 or .pfx)."', async () => {
    renderTool('sign-pdf-certificate');
    await choose([fileOf('contract.pdf', 100, PDF)]);
    await submitForm();
    expect(toastTexts()).toEqual(['Error: Please add both the PDF to sign and your certificate file (.p12 or .pfx).']);
    expect(resultNames()).toEqual([]);
  });

  it('keeps the reason and location short', async () => {
    renderTool('sign-pdf-certificate');
    await choose([fileOf('contract.pdf', 100, PDF), fileOf('me.p12', 100, P12)]);
    await fill('Reason', 'x'.repeat(201));
    await submitForm();
    expect(toastTexts()).toContain('Error: Please keep the reason to 200 characters.');
    await fill('Reason', 'Approved');
    await fill('Location', 'y'.repeat(101));
    await submitForm();
    expect(toastTexts()).toContain('Error: Please keep the location to 100 characters.');
  });

  it('takes a .p12 or .pfx beside the PDF, hides the password, and signs (simulated) into one result', async () => {
    const manifest = renderTool('sign-pdf-certificate');
    await choose([fileOf('contract.pdf', 100, PDF), fileOf('me.pfx', 100, P12)]);
    expect(screen.getByLabelText('Certificate password')).toHaveAttribute('type', 'password');
    await fill('Certificate password', 'secret');
    await press(manifest);
    await advance(2000);
    expect(toastTexts()).toContain('Success: 1 PDF signed with your certificate! (mock operation)');
    expect(resultNames()).toHaveLength(1);
  });
});
