const UNITS = ['B', 'KB', 'MB', 'GB', 'TB'] as const;

/** Human size in B, KB, MB, GB, TB with steps of 1024 and up to two decimals ("1.5 MB"). */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes <= 0) return '0 B';
  const exponent = Math.min(Math.floor(Math.log(bytes) / Math.log(1024)), UNITS.length - 1);
  const value = bytes / 1024 ** exponent;
  return `${parseFloat(value.toFixed(2))} ${UNITS[exponent]}`;
}

/** Size in KB with one decimal, as the selected-file list shows it ("12.3 KB"). */
export function formatKb(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KB`;
}

/** Whole megabytes of a byte limit, as the drop-zone messages say it ("20"). */
export function megabytes(bytes: number): string {
  return String(parseFloat((bytes / 1048576).toFixed(2)));
}
