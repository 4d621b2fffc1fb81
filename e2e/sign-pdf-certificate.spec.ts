/**
 * Sign PDF with Certificate in Chromium: the PDF and a .p12 dropped together,
 * the password typed, the signed PDF downloaded and judged by pdfsig (or, on a
 * machine without it, its CMS found in the signature dictionary), with no
 * request leaving the site (the fixture's guard fails the test otherwise).
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Page } from '@playwright/test';
import { makeIdentity } from '../tests/fixtures/certificate';
import { hasJudges } from '../tests/support/judges';
import { expect, test } from './fixtures';
import { demoBadge, downloadResult, gotoReal, makePdf, manifest, toast, upload } from './support';

const SLUG = 'sign-pdf-certificate';
const PASSWORD = 'e2e secret';

const errorToasts = (page: Page) => page.getByTestId('toast').filter({ has: page.locator('.toast-title', { hasText: /^Error$/ }) });

test('sign-pdf-certificate: a wrong password is refused, the right one gives a PDF whose signature is valid, and nothing leaves the site', async ({ page, siteGuard }) => {
  test.setTimeout(120_000);
  const identity = makeIdentity(PASSWORD, { commonName: 'Erin Browser' });
  const pdf = await makePdf([400, 400], 'Contract');

  await gotoReal(page, `/tools/${SLUG}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(manifest(SLUG).title);
  await expect(demoBadge(page)).toHaveCount(0);
  await expect(page.getByTestId('tool-note')).toContainText('never leave it');
  await expect(page.getByText(/Your certificate file and its password never leave your device/)).toBeVisible();
  await expect(page.getByText(/No timestamp server is contacted/)).toBeVisible();

  await page.getByTestId('file-input').setInputFiles([upload('contract.pdf', 'application/pdf', pdf), upload('erin.p12', 'application/x-pkcs12', Buffer.from(identity.p12))]);
  const password = page.getByLabel('Certificate password', { exact: true });
  await expect(password).toHaveAttribute('type', 'password');
  await password.fill('not it');
  const action = page.getByRole('button', { name: manifest(SLUG).action.label, exact: true });
  await action.click();
  await expect(errorToasts(page).locator('.toast-message')).toHaveText('The certificate password is incorrect. Please type the password you set when the certificate file was exported.', {
    timeout: 30_000,
  });
  await expect(page.getByTestId('result-name')).toHaveCount(0);

  await password.fill(PASSWORD);
  await page.getByLabel('Reason', { exact: true }).fill('Agreed');
  await action.click();
  const success = toast(page, 'Success');
  await expect(success).toBeVisible({ timeout: 45_000 });
  await expect(success).toContainText('1 PDF signed with your certificate!');
  await expect(success).not.toContainText('mock');
  const names = page.getByTestId('result-name');
  await expect(names).toHaveCount(1);
  await expect(names).toHaveText('signed-contract.pdf');
  const { bytes } = await downloadResult(page, 'signed-contract.pdf');

  // The signature is an update appended to the PDF as it was uploaded.
  expect(bytes.subarray(0, pdf.length).equals(pdf)).toBe(true);
  const text = bytes.toString('latin1');
  expect(text).toMatch(/\/SubFilter \/ETSI\.CAdES\.detached \/ByteRange \[0 \d+ \d+ \d+\s*\]/);
  expect(text).not.toContain(PASSWORD);
  if (hasJudges('pdfsig')) {
    const dir = mkdtempSync(join(tmpdir(), 'sign-e2e-'));
    try {
      writeFileSync(join(dir, 'signed.pdf'), bytes);
      const { stdout } = await promisify(execFile)('pdfsig', [join(dir, 'signed.pdf')]);
      expect(stdout).toContain('Signer Certificate Common Name: Erin Browser');
      expect(stdout).toContain('Signature Validation: Signature is Valid.');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
  expect(siteGuard.foreign()).toEqual([]);
});
