/**
 * Keeping what a PDF's owner set. A restrictions-only PDF (encrypted with an
 * empty open password and an owner password that forbids printing, copying or
 * editing) is decrypted to be worked on (load.ts), so what a tool saves from
 * it would carry no restrictions. The run core hands each PDF output made from
 * such a file to keepOwnerRestrictions, which encrypts it again exactly as the
 * original was (qpdf --copy-encryption: same method, permissions and owner
 * password, so the owner's password still lifts them) and says so in the
 * output's note.
 *
 * An output made from several inputs (Merge, Compare) is derived from all of
 * them. When one restricted input forbids everything each of the others
 * forbids (one restricted input, or several restricted alike), that input's
 * encryption is copied. When restricted inputs forbid different things, no
 * single owner's encryption keeps them all: the output gets every restriction
 * any of them set, under AES-256 with a random owner password nobody knows,
 * so nothing an owner forbade becomes allowed.
 */
import type { ToolInput, ToolOutput } from '../../contract/types';
import { ToolError } from '../errors';
import { looksLikePdf, mentionsEncryption, unlockLink } from './messages';
import { INPUT_PATH, OUTPUT_PATH, runQpdf } from './qpdf';
import { runText } from '../i18n/run-messages';

/** What the owner allows, as qpdf reads it (its JSON `encrypt.capabilities`). */
export interface OwnerPermissions {
  printlow: boolean;
  printhigh: boolean;
  extract: boolean;
  accessibility: boolean;
  modifyother: boolean;
  modifyannotations: boolean;
  modifyforms: boolean;
  modifyassembly: boolean;
}

const PERMISSIONS: readonly (keyof OwnerPermissions)[] = [
  'printlow',
  'printhigh',
  'extract',
  'accessibility',
  'modifyother',
  'modifyannotations',
  'modifyforms',
  'modifyassembly',
];

const MODIFY: readonly (keyof OwnerPermissions)[] = ['modifyother', 'modifyannotations', 'modifyforms', 'modifyassembly'];

/** Where the original sits beside the output for --copy-encryption. */
const ORIGINAL_PATH = '/original.pdf';

/**
 * The permissions of a restrictions-only PDF; null when the file is not
 * encrypted, needs a password to open, or qpdf cannot read it.
 */
export async function ownerPermissions(bytes: Uint8Array): Promise<OwnerPermissions | null> {
  if (!looksLikePdf(bytes) || !mentionsEncryption(bytes)) return null;
  const run = await runQpdf(['--json=2', '--json-key=encrypt', INPUT_PATH], bytes);
  // Exit code 3 is success with warnings about a repaired input.
  if (run.code !== 0 && run.code !== 3) return null;
  let encrypt: { encrypted?: boolean; userpasswordmatched?: boolean; capabilities?: Record<string, unknown> } | undefined;
  try {
    encrypt = (JSON.parse(run.stdout) as { encrypt?: typeof encrypt }).encrypt;
  } catch {
    return null;
  }
  if (!encrypt?.encrypted || !encrypt.userpasswordmatched || !encrypt.capabilities) return null;
  const capabilities = encrypt.capabilities;
  return Object.fromEntries(PERMISSIONS.map((key) => [key, capabilities[key] !== false])) as unknown as OwnerPermissions;
}

/** What the permissions forbid, in the reader's words: "printing", "copying", "editing" ... */
export function forbiddenActions(permissions: OwnerPermissions): string[] {
  const forbidden: string[] = [];
  if (!permissions.printlow) forbidden.push(runText('run.restrictions.action.printing'));
  else if (!permissions.printhigh) forbidden.push(runText('run.restrictions.action.highQualityPrinting'));
  if (!permissions.extract) forbidden.push(runText('run.restrictions.action.copying'));
  else if (!permissions.accessibility) forbidden.push(runText('run.restrictions.action.copyingForAccessibility'));
  // With every kind of change forbidden, "editing" says it all.
  if (MODIFY.every((key) => !permissions[key])) forbidden.push(runText('run.restrictions.action.editing'));
  else {
    if (!permissions.modifyother) forbidden.push(runText('run.restrictions.action.editing'));
    if (!permissions.modifyannotations) forbidden.push(runText('run.restrictions.action.commenting'));
    if (!permissions.modifyforms) forbidden.push(runText('run.restrictions.action.formFilling'));
    if (!permissions.modifyassembly) forbidden.push(runText('run.restrictions.action.pageAssembly'));
  }
  return forbidden;
}

/** "a", "a and b", "a, b and c". */
function listed(items: readonly string[]): string {
  return items.length <= 1 ? (items[0] ?? '') : runText('run.list.and', { items: items.slice(0, -1).join(', '), last: items.at(-1) });
}

/**
 * The note on an output that kept its owners' restrictions. `from` is what they
 * came from ("the original", or the restricted inputs' names); `owners` how
 * many files' restrictions were kept.
 */
export function restrictionsNote(permissions: OwnerPermissions, from: string, owners = 1): string {
  const forbidden = forbiddenActions(permissions);
  if (forbidden.length === 0) return runText('run.restrictions.nothing', { from });
  return runText(owners > 1 ? 'run.restrictions.keptOwners' : 'run.restrictions.keptOwner', { actions: listed(forbidden), count: forbidden.length, from });
}

/** True when `a` forbids at least everything `b` forbids. */
function covers(a: OwnerPermissions, b: OwnerPermissions): boolean {
  return PERMISSIONS.every((key) => b[key] || !a[key]);
}

/** What is allowed only when every one of them allows it. */
function strictest(all: readonly OwnerPermissions[]): OwnerPermissions {
  return Object.fromEntries(PERMISSIONS.map((key) => [key, all.every((p) => p[key])])) as unknown as OwnerPermissions;
}

/** A 192-bit random password, written in hex. */
function randomPassword(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(24)), (b) => b.toString(16).padStart(2, '0')).join('');
}

const yn = (allowed: boolean) => (allowed ? 'y' : 'n');

/** qpdf's --encrypt arguments for an empty open password, a random owner password and these permissions. */
function encryptArgs(p: OwnerPermissions): string[] {
  return [
    '--encrypt',
    '--user-password=',
    `--owner-password=${randomPassword()}`,
    '--bits=256',
    `--print=${p.printlow ? (p.printhigh ? 'full' : 'low') : 'none'}`,
    `--extract=${yn(p.extract)}`,
    `--accessibility=${yn(p.accessibility)}`,
    `--modify-other=${yn(p.modifyother)}`,
    `--annotate=${yn(p.modifyannotations)}`,
    `--form=${yn(p.modifyforms)}`,
    `--assemble=${yn(p.modifyassembly)}`,
    '--',
    INPUT_PATH,
    OUTPUT_PATH,
  ];
}

/** How an output gets its restrictions back: the encryption of one original, or new encryption with these permissions. */
type Protection = { original: Uint8Array } | { permissions: OwnerPermissions };

async function protect(bytes: Uint8Array, protection: Protection): Promise<Uint8Array | null> {
  const run =
    'original' in protection
      ? // The original opens with the empty password; weak methods (RC4) are kept when the owner chose them.
        await runQpdf(['--allow-weak-crypto', `--copy-encryption=${ORIGINAL_PATH}`, '--encryption-file-password=', INPUT_PATH, OUTPUT_PATH], bytes, {
          [ORIGINAL_PATH]: protection.original,
        })
      : await runQpdf(encryptArgs(protection.permissions), bytes);
  return (run.code === 0 || run.code === 3) && run.output ? run.output : null;
}

/** True when qpdf reads the PDF as encrypted (--is-encrypted: exit code 0 encrypted, 2 not); a mere mention of /Encrypt is checked. */
async function isEncrypted(bytes: Uint8Array): Promise<boolean> {
  return mentionsEncryption(bytes) && (await runQpdf(['--is-encrypted', INPUT_PATH], bytes)).code === 0;
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a === b) return true;
  if (a.byteLength !== b.byteLength) return false;
  for (let i = 0; i < a.byteLength; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** The message of an output whose owner's restrictions could not be put back: it is not handed out without them. */
export function restrictionsLostMessage(name: string): string {
  return runText('run.restrictions.lost', { name });
}

/**
 * `outputs`, all made from `inputs`, with the owner's restrictions of the
 * restrictions-only PDFs among the inputs put back on every PDF output, each
 * with a note saying so. Outputs that are not PDFs, and PDFs the processor
 * encrypted itself, are left as they are; an output that is an input's own
 * bytes keeps that input's encryption and gets the note. Throws ToolError when
 * qpdf cannot encrypt an output, rather than hand it out unrestricted.
 */
export async function keepOwnerRestrictions(outputs: ToolOutput[], inputs: readonly ToolInput[]): Promise<ToolOutput[]> {
  if (!outputs.some((o) => looksLikePdf(o.bytes))) return outputs;
  const restricted: { input: ToolInput; permissions: OwnerPermissions }[] = [];
  for (const input of inputs) {
    const permissions = await ownerPermissions(input.bytes);
    if (permissions) restricted.push({ input, permissions });
  }
  if (restricted.length === 0) return outputs;

  const from = inputs.length === 1 ? runText('run.restrictions.theOriginal') : listed(restricted.map((r) => r.input.name));
  const covering = restricted.find((r) => restricted.every((other) => covers(r.permissions, other.permissions)));
  const permissions = covering ? covering.permissions : strictest(restricted.map((r) => r.permissions));
  const protection: Protection = covering ? { original: covering.input.bytes } : { permissions };
  const note = restrictionsNote(permissions, from, restricted.length);
  const withNote = (output: ToolOutput, bytes: Uint8Array, said: string): ToolOutput => ({ ...output, bytes, note: output.note ? `${output.note} ${said}` : said });

  const kept: ToolOutput[] = [];
  for (const output of outputs) {
    const own = restricted.find((r) => sameBytes(r.input.bytes, output.bytes));
    if (own) {
      // The original handed back as it was (nothing to gain, say) already carries its owner's encryption.
      kept.push(withNote(output, output.bytes, restrictionsNote(own.permissions, inputs.length === 1 ? runText('run.restrictions.theOriginal') : own.input.name)));
    } else if (!looksLikePdf(output.bytes) || (await isEncrypted(output.bytes))) {
      // Not a PDF, or one the processor encrypted as it chose.
      kept.push(output);
    } else {
      const bytes = await protect(output.bytes, protection);
      if (!bytes) throw new ToolError(restrictionsLostMessage((covering ?? restricted[0]).input.name), unlockLink());
      kept.push(withNote(output, bytes, note));
    }
  }
  return kept;
}
