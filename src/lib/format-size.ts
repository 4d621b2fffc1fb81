const UNITS = ['B', 'KB', 'MB', 'GB', 'TB'] as const;

/** A size as a value of up to two decimals and the step of 1024 it is counted in (0: B ... 4: TB). */
export function sizeSteps(bytes: number): { value: number; step: number } {
  if (!Number.isFinite(bytes) || bytes <= 0) return { value: 0, step: 0 };
  const step = Math.min(Math.floor(Math.log(bytes) / Math.log(1024)), UNITS.length - 1);
  return { value: parseFloat((bytes / 1024 ** step).toFixed(2)), step };
}

/** Human size in B, KB, MB, GB, TB with steps of 1024 and up to two decimals ("1.5 MB"). */
export function formatBytes(bytes: number): string {
  const { value, step } = sizeSteps(bytes);
  return `${value} ${UNITS[step]}`;
}

/** Size in KB with one decimal, as the selected-file list shows it ("12.3 KB"). */
export function formatKb(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KB`;
}

/** Whole megabytes of a byte limit, as the drop-zone messages say it ("20"). */
export function megabytes(bytes: number): string {
  return String(parseFloat((bytes / 1048576).toFixed(2)));
}
