/** A finished result as the page holds it. */
export interface ToolResult {
  id: string;
  name: string;
  size: number;
  blob: Blob;
  originalName?: string;
  /** The input this result was made from, when each input gave one result (for a before/after view). */
  original?: Blob;
  meta?: Record<string, string | number>;
  /** The output's note for its card (ToolOutput.note). */
  note?: string;
  /** A placeholder from the simulation: its file and figures are not real. */
  simulated?: boolean;
}
