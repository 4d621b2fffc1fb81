/** Demo-mode stand-ins for facts only a real PDF can give. */

/** A whole number from min to max inclusive (the demo's mock page counts). */
export function randomBetween(min: number, max: number, random: () => number = Math.random): number {
  return min + Math.min(max - min, Math.floor(random() * (max - min + 1)));
}

const keys = new WeakMap<File, string>();
let next = 0;

/** A stable key for a chosen file, kept while the list is reordered. */
export function fileKey(file: File): string {
  let key = keys.get(file);
  if (!key) {
    key = `file-${++next}`;
    keys.set(file, key);
  }
  return key;
}
