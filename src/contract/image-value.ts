/**
 * The value of an image option field: a data URL that carries the chosen
 * file's type, name and bytes (data:image/png;name=logo.png;base64,...), or
 * "" when none is chosen. A string is a primitive like every other option
 * value, so the form, the worker, batch lanes, workflows and the command line
 * pass it on unchanged; a processor turns it into bytes when it runs.
 * The field's checks read only the start of the data, so the form can
 * validate on every change without decoding a large image each time. This
 * module has no zod (the options form's field imports it); options.ts holds the schema.
 */
import type { Field } from '../../schemas/manifest';
import { runText } from '../lib/i18n/run-messages';

export type ImageField = Extract<Field, { type: 'image' }>;

export interface ImageFile {
  name: string;
  /** The MIME type the value states. */
  type: string;
  bytes: Uint8Array;
}

const DATA_URL = /^data:([a-z]+\/[\w.+-]+)((?:;[^;,]*)*);base64,/;

const SIGNATURES: Record<'image/png' | 'image/jpeg', number[]> = {
  'image/png': [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
  'image/jpeg': [0xff, 0xd8, 0xff],
};

const LABELS: Record<string, string> = { 'image/png': 'PNG', 'image/jpeg': 'JPEG' };

function toBase64(bytes: Uint8Array): string {
  let text = '';
  // Chunks keep the argument list of fromCharCode within the engine's limit.
  for (let i = 0; i < bytes.length; i += 0x8000) text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(text);
}

function fromBase64(text: string): Uint8Array {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** The option value for an image file. */
export function imageValue(name: string, type: string, bytes: Uint8Array): string {
  return `data:${type || 'application/octet-stream'};name=${encodeURIComponent(name)};base64,${toBase64(bytes)}`;
}

interface ValueHead {
  name: string;
  type: string;
  /** Bytes of the file, computed from the length of the base64 text. */
  size: number;
  /** Where the base64 text starts. */
  dataAt: number;
}

/** What a value says about its file without decoding it; null when it is not an image value. */
export function imageValueHead(value: string): ValueHead | null {
  const match = DATA_URL.exec(value);
  if (!match) return null;
  const nameParam = match[2].split(';').find((p) => p.startsWith('name='));
  let name = 'image';
  try {
    if (nameParam) name = decodeURIComponent(nameParam.slice(5)) || name;
  } catch {
    // A name that is not valid percent-encoding is shown as written.
    name = nameParam!.slice(5);
  }
  const dataAt = match[0].length;
  const length = value.length - dataAt;
  const padding = value.endsWith('==') ? 2 : value.endsWith('=') ? 1 : 0;
  return { name, type: match[1], size: Math.max(0, (length / 4) * 3 - padding), dataAt };
}

/** The file in a value; null when the value is blank or not a readable image value. */
export function decodeImageValue(value: string): ImageFile | null {
  const head = imageValueHead(value);
  if (!head) return null;
  try {
    return { name: head.name, type: head.type, bytes: fromBase64(value.slice(head.dataAt)) };
  } catch {
    return null;
  }
}

/** The type the first bytes of the data show (PNG or JPEG), or null. */
function sniffedType(value: string, head: ValueHead): 'image/png' | 'image/jpeg' | null {
  let first: Uint8Array;
  try {
    first = fromBase64(value.slice(head.dataAt, head.dataAt + 12));
  } catch {
    return null;
  }
  for (const [type, signature] of Object.entries(SIGNATURES) as [keyof typeof SIGNATURES, number[]][]) {
    if (signature.every((b, i) => first[i] === b)) return type;
  }
  return null;
}

function megabytes(bytes: number): string {
  if (bytes < 1048576) return runText('run.size.kb', { size: String(Math.ceil(bytes / 1024)) });
  const mb = bytes / 1048576;
  return runText('run.size.mb', { size: String(mb < 10 ? mb.toFixed(1) : Math.round(mb)) });
}

/** The message for an image file larger than the field takes. */
export function imageTooLargeMessage(field: ImageField, name: string, size: number): string {
  return runText('run.imageField.tooLarge', { name, size: megabytes(size), field: field.label.toLowerCase(), max: megabytes(field.maxBytes) });
}

/** The kinds of image a field takes, in words: "PNG or JPEG". */
export function acceptedKinds(field: ImageField): string {
  const kinds = Object.keys(field.accept).map((t) => LABELS[t] ?? t);
  return kinds.length <= 1 ? kinds.join('') : runText('run.imageField.kinds', { kinds: kinds.slice(0, -1).join(', '), last: kinds[kinds.length - 1] });
}

/** The first thing wrong with a value for this field, in the visitor's words; null when it is fine. */
export function imageValueProblem(field: ImageField, value: unknown, required: boolean): string | null {
  const requiredMessage = field.requiredMessage ?? field.invalidMessage ?? runText('run.imageField.required', { field: field.label.toLowerCase() });
  if (value === '' || value === null || value === undefined) return required ? requiredMessage : null;
  const kinds = acceptedKinds(field);
  const head = typeof value === 'string' ? imageValueHead(value) : null;
  if (!head) return runText('run.imageField.unreadable', { field: field.label.toLowerCase(), kinds });
  if (head.size === 0) return runText('run.imageField.empty', { name: head.name, kinds });
  if (head.size > field.maxBytes) return imageTooLargeMessage(field, head.name, head.size);
  const sniffed = sniffedType(value as string, head);
  const declared = head.type in field.accept;
  if (!sniffed || !(sniffed in field.accept)) {
    // A file named as an accepted type whose bytes are not one is damaged rather than of the wrong kind.
    return declared && !sniffed
      ? runText('run.imageField.damaged', { name: head.name, format: LABELS[head.type], kinds })
      : runText('run.imageField.wrongKind', { name: head.name, kinds, field: field.label.toLowerCase() });
  }
  return null;
}
