/**
 * What went wrong with a file or folder, in words, from the errors both
 * hosts raise: Node's error codes (the command line) and the File System
 * Access API's DOMException names (the site's folders).
 */
import { runText, type RunMessageId } from '../lib/i18n/run-messages';

function codeOf(error: unknown): string {
  const e = error as { code?: unknown; name?: unknown } | null;
  return typeof e?.code === 'string' ? e.code : typeof e?.name === 'string' ? e.name : '';
}

/** Why an output could not be written, as the message's key, or null when the error says nothing known. */
function writeProblem(error: unknown): RunMessageId | null {
  switch (codeOf(error)) {
    case 'ENOSPC':
    case 'EDQUOT':
    case 'QuotaExceededError':
      return 'run.write.diskFull';
    case 'EACCES':
    case 'EPERM':
    case 'EROFS':
    case 'NotAllowedError':
    case 'NoModificationAllowedError':
      return 'run.write.notAllowed';
    case 'ENOENT':
    case 'NotFoundError':
      return 'run.write.folderGone';
    case 'ENOTDIR':
    case 'TypeMismatchError':
      return 'run.write.fileInTheWay';
    case 'EISDIR':
    case 'InvalidModificationError':
      return 'run.write.folderInTheWay';
    case 'ENAMETOOLONG':
      return 'run.write.nameTooLong';
    default:
      return null;
  }
}

/** The row message of an output that could not be written. */
export function writeFailedMessage(path: string, error: unknown): string {
  const problem = writeProblem(error);
  if (problem) return runText(problem, { path });
  return runText('run.write.failed', { path, error: error instanceof Error ? error.message : String(error) });
}

/** The row message of an input that could not be opened when its turn came. */
export function vanishedMessage(name: string): string {
  return runText('run.admission.vanished', { name });
}
