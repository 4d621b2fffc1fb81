/** File names as every host writes them: split at the extension, safe on common file systems, numbered apart. */

export function splitName(fileName: string): { base: string; ext: string } {
  const dot = fileName.lastIndexOf('.');
  if (dot <= 0) return { base: fileName, ext: '' };
  return { base: fileName.slice(0, dot), ext: fileName.slice(dot + 1) };
}

/**
 * The most UTF-8 bytes a name may take: file systems allow 255, and a name
 * keeps room for a " (12)" a clash adds. Accents take two bytes and emoji
 * four, so the limit is in bytes, not characters.
 */
export const MAX_NAME_BYTES = 200;

const encoder = new TextEncoder();
const bytesOf = (text: string) => encoder.encode(text).length;

/** The longest start of `text` within `max` UTF-8 bytes, never cutting a character (or an emoji's surrogate pair) in two. */
function cutToBytes(text: string, max: number): string {
  let out = '';
  let used = 0;
  for (const char of text) {
    const size = bytesOf(char);
    if (used + size > max) break;
    out += char;
    used += size;
  }
  return out;
}

/**
 * A name every common file system accepts: no separators or reserved
 * characters, not "." or "..", no leading or trailing space, at most
 * MAX_NAME_BYTES, cut in its base so the extension stays.
 */
export function safeFileName(name: string, maxBytes = MAX_NAME_BYTES): string {
  const cleaned = name.replace(/[\\/:*?"<>|\u0000-\u001f\u007f]/g, '_').trim();
  if (cleaned === '' || /^\.+$/.test(cleaned)) return 'file';
  if (bytesOf(cleaned) <= maxBytes) return cleaned;
  const { base, ext } = splitName(cleaned);
  const tail = ext && bytesOf(ext) < 32 ? `.${ext}` : '';
  return (cutToBytes(tail ? base : cleaned, maxBytes - bytesOf(tail)).trim() || 'file') + tail;
}

/** `name` with " (n)" before its extension: the form a clash gives the second and later files. */
export function numberedName(name: string, n: number): string {
  const { base, ext } = splitName(name);
  return ext ? `${base} (${n}).${ext}` : `${name} (${n})`;
}
