/**
 * Names that never collide, decided from the inputs' own paths, so every
 * host names the same inputs the same way whatever order they finish in.
 *
 * Two inputs of one folder with the same base name (b.png and b.jpg, a.heic
 * and a.heif) would give the same output name under almost every naming
 * rule. Before anything runs, the first of them by path keeps its name and
 * each other is named as "b (jpg).jpg": its extension tells it apart, or a
 * number where the extension is the same too. What clashes all the same (a
 * rule that ignores the input's name) is numbered as it is written.
 */
import { numberedName, splitName } from './file-names';

function dirOf(path: string): string {
  const slash = path.lastIndexOf('/');
  return slash >= 0 ? path.slice(0, slash + 1) : '';
}

const byPath = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * For each input path ("trip/b.jpg"), the file name its outputs are named
 * from: its own name, or, when another input of its folder shares its base
 * name and comes first by path, that name told apart ("b (jpg).jpg").
 */
export function namingNames(paths: readonly string[]): string[] {
  const groups = new Map<string, number[]>();
  paths.forEach((path, i) => {
    const key = dirOf(path).toLowerCase() + splitName(path.slice(dirOf(path).length)).base.toLowerCase();
    groups.set(key, [...(groups.get(key) ?? []), i]);
  });
  const names = paths.map((p) => p.slice(dirOf(p).length));
  for (const members of groups.values()) {
    if (members.length < 2) continue;
    const ordered = [...members].sort((a, b) => byPath(paths[a], paths[b]) || a - b);
    const extCount = new Map<string, number>();
    for (const i of ordered) {
      const ext = splitName(names[i]).ext.toLowerCase();
      extCount.set(ext, (extCount.get(ext) ?? 0) + 1);
    }
    // Files with the same extension too are numbered among themselves: the second a.txt is "a (2).txt".
    const seenExt = new Map<string, number>([[splitName(names[ordered[0]]).ext.toLowerCase(), 1]]);
    for (const i of ordered.slice(1)) {
      const { base, ext } = splitName(names[i]);
      const key = ext.toLowerCase();
      const nth = (seenExt.get(key) ?? 0) + 1;
      seenExt.set(key, nth);
      const label = ext && extCount.get(key) === 1 ? key : String(nth);
      names[i] = `${base} (${label})${ext ? `.${ext}` : ''}`;
    }
  }
  return names;
}

/**
 * Names handed out once each, compared without case (two names that differ
 * only in case are one file on common file systems): a name already handed
 * out gets " (2)", " (3)" ... before its extension.
 */
export function nameClaims() {
  const claimed = new Set<string>();
  return {
    claim(path: string): string {
      const dir = dirOf(path);
      const name = path.slice(dir.length);
      let unique = path;
      for (let n = 2; claimed.has(unique.toLowerCase()); n++) unique = dir + numberedName(name, n);
      claimed.add(unique.toLowerCase());
      return unique;
    },
  };
}
