/**
 * Base64 text and bytes, with btoa and atob so the same code runs in pages,
 * workers and Node. Callers strip data: URL prefixes and decide what a bad
 * input means for them.
 */

/** Base64 of some bytes. */
export function bytesToBase64(bytes: Uint8Array): string {
  let binary = '';
  // Chunks keep String.fromCharCode under the engines' argument limits.
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/** The bytes of base64 text (no prefix); throws atob's error when it is not base64. */
export function base64Bytes(text: string): Uint8Array {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}
