/**
 * What went wrong with a file or folder, in words, from the errors both
 * hosts raise: Node's error codes (the command line) and the File System
 * Access API's DOMException names (the site's folders).
 */

function codeOf(error: unknown): string {
  const e = error as { code?: unknown; name?: unknown } | null;
  return typeof e?.code === 'string' ? e.code : typeof e?.name === 'string' ? e.name : '';
}

/** Why an output could not be written, as the end of a sentence, or null when the error says nothing known. */
export function writeProblem(error: unknown): string | null {
  switch (codeOf(error)) {
    case 'ENOSPC':
    case 'EDQUOT':
    case 'QuotaExceededError':
      return 'the disk is full. Free some space, then run again: what was written is kept and the rest resumes';
    case 'EACCES':
    case 'EPERM':
    case 'EROFS':
    case 'NotAllowedError':
    case 'NoModificationAllowedError':
      return 'the output folder is read-only or writing to it is not allowed. Choose a folder you can write to';
    case 'ENOENT':
    case 'NotFoundError':
      return 'the output folder was moved or deleted during the run. Choose it again, then run again';
    case 'ENOTDIR':
    case 'TypeMismatchError':
      return 'a file stands where a folder of the output is needed. Move it away or choose another output folder';
    case 'EISDIR':
    case 'InvalidModificationError':
      return 'a folder stands where the output file goes. Move it away or choose another output folder';
    case 'ENAMETOOLONG':
      return 'its name or path is too long for this file system. Choose an output folder with a shorter path';
    default:
      return null;
  }
}

/** The row message of an output that could not be written. */
export function writeFailedMessage(path: string, error: unknown): string {
  const why = writeProblem(error) ?? `of an error writing it (${error instanceof Error ? error.message : String(error)})`;
  return `${path} could not be written because ${why}.`;
}

/** The row message of an input that could not be opened when its turn came. */
export function vanishedMessage(name: string): string {
  return `The file ${name} could not be read: it was moved, renamed or deleted after the run started. Put it back and run again.`;
}
