/**
 * Sign PDF with Certificate on the command line: the PDF and the .p12 given
 * as inputs, the password from a file or the environment rather than the
 * arguments, and nothing of the password in the output folder's resume record.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseRunArgs, secretEnvName, UsageError } from '../src/cli/args';
import { jobKey, RECORD_FILE } from '../src/core/record';
import { readManifest } from '../src/manifests/read';
import { makeIdentity } from './fixtures/certificate';
import { numberedPdf } from './fixtures/pdf/make';
import { cliBundle, runFiledesk } from './support/cli-bundle';
import { itJudgedBy } from './support/judges';

const PASSWORD = 'tr0ub4dor&3 with spaces';
let bundle = '';
let work = '';

const filedesk = (args: string[], env: Record<string, string> = {}) => runFiledesk(bundle, args, work, env);

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'filedesk-sign-cli-'));
  bundle = cliBundle('filedesk-cli-test');
  writeFileSync(join(work, 'contract.pdf'), await numberedPdf(2));
  writeFileSync(join(work, 'me.p12'), makeIdentity(PASSWORD, { commonName: 'Carol Cli' }).p12);
  writeFileSync(join(work, 'password.txt'), `${PASSWORD}\n`);
}, 180_000);

afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

describe('a password on the command line', () => {
  const fields = [
    { name: 'password', type: 'text' as const, password: true },
    { name: 'reason', type: 'text' as const },
  ];

  it('comes from --password-file (its first line) or FILEDESK_PASSWORD, and the argument still works', () => {
    const file = join(work, 'pw-parse.txt');
    writeFileSync(file, 'first line\r\nsecond line\n');
    expect(parseRunArgs(['--password-file', file, 'a.pdf'], fields, {}).values).toEqual({ password: 'first line' });
    expect(parseRunArgs(['a.pdf'], fields, { FILEDESK_PASSWORD: 'from env' }).values).toEqual({ password: 'from env' });
    expect(parseRunArgs(['--password=typed', 'a.pdf'], fields, { FILEDESK_PASSWORD: 'from env' }).values).toEqual({ password: 'typed' });
    expect(secretEnvName('ownerPassword')).toBe('FILEDESK_OWNER_PASSWORD');
    expect(() => parseRunArgs(['--password=a', '--password-file', file], fields, {})).toThrow(UsageError);
    expect(() => parseRunArgs(['--password-file', join(work, 'missing.txt')], fields, {})).toThrow(/cannot be read/);
    // Only secret fields take a file.
    expect(() => parseRunArgs(['--reason-file', file], fields, {})).toThrow(/Unknown option --reason-file/);
  });

  it('is left out of the resume record\'s job key', () => {
    const manifest = readManifest('sign-pdf-certificate');
    const key = (password: string) => jobKey([{ tool: manifest.slug, options: { password, reason: 'x' }, fields: manifest.options }]);
    expect(key('one')).toBe(key('two'));
    expect(jobKey([{ tool: manifest.slug, options: { password: '', reason: 'y' }, fields: manifest.options }])).not.toBe(key('one'));
  });
});

describe('filedesk sign-pdf-certificate', () => {
  it('signs a PDF with the .p12 given beside it, the password read from a file, and records no password', async () => {
    const result = await filedesk(['sign-pdf-certificate', 'contract.pdf', 'me.p12', '--password-file', 'password.txt', '--reason', 'Approved', '--out', 'out', '--json']);
    expect(result.stderr).not.toContain(PASSWORD);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).not.toContain(PASSWORD);
    expect(readdirSync(join(work, 'out')).sort()).toEqual([RECORD_FILE, 'signed-contract.pdf']);
    const record = readFileSync(join(work, 'out', RECORD_FILE), 'utf8');
    expect(record).not.toContain(PASSWORD);
    const signed = readFileSync(join(work, 'out', 'signed-contract.pdf'));
    expect(signed.subarray(0, readFileSync(join(work, 'contract.pdf')).length).equals(readFileSync(join(work, 'contract.pdf')))).toBe(true);
  }, 60_000);

  it('says so when the password is wrong, from the environment', async () => {
    const result = await filedesk(['sign-pdf-certificate', 'contract.pdf', 'me.p12', '--out', 'wrong'], { FILEDESK_PASSWORD: 'not it' });
    expect(result.code).not.toBe(0);
    expect(result.stderr).toContain('The certificate password is incorrect.');
  }, 60_000);

  itJudgedBy('pdfsig', 'makes a signature pdfsig finds valid', async () => {
    const { stdout } = await promisify(execFile)('pdfsig', [join(work, 'out', 'signed-contract.pdf')]);
    expect(stdout).toContain('Signer Certificate Common Name: Carol Cli');
    expect(stdout).toContain('Signature Validation: Signature is Valid.');
  });
});
