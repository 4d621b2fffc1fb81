/**
 * An error whose message is written for the visitor: the engine shows it
 * verbatim in an Error toast. Anything else thrown by a processor is treated
 * as a crash and replaced by a generic message.
 */
export class ToolError extends Error {
  /** An optional link shown with the message, such as the tool that fixes the problem. */
  readonly link?: ToolErrorLink;

  constructor(message: string, link?: ToolErrorLink) {
    super(message);
    this.name = 'ToolError';
    this.link = link;
  }
}

export interface ToolErrorLink {
  href: string;
  label: string;
}

export function isToolError(error: unknown): error is ToolError {
  return error instanceof Error && error.name === 'ToolError';
}

/** Thrown when a run is cancelled through its AbortSignal. */
export class CancelledError extends Error {
  constructor() {
    super('Cancelled');
    this.name = 'CancelledError';
  }
}

export function throwIfAborted(signal: AbortSignal): void {
  if (signal.aborted) throw new CancelledError();
}
