/**
 * Deciding how a text cell from a CSV or XML file is stored in a spreadsheet.
 *
 * Plain decimal numbers become numbers, so sums and sorting work as a user
 * expects ("42", "3.5", "-2", "0.25"). Everything else stays text exactly as
 * written, including:
 * - leading zeros ("007", "00123"): IDs, postcodes and phone numbers would lose them;
 * - more than 15 significant digits: a spreadsheet keeps only 15, so long IDs
 *   and card numbers would be silently changed;
 * - exponents, thousands separators, a leading "+" or ".", spaces, "-0":
 *   ("1e5" is as likely a part number as a number);
 * - dates, percentages, currency and booleans, whose meaning depends on locale.
 * A value that starts with =, +, -, @, tab or CR and is not such a number is
 * text, and the writer stores text only as a string cell, never a formula.
 */

const PLAIN_NUMBER = /^-?(?:0|[1-9]\d*)(?:\.\d+)?$/;
const MAX_SIGNIFICANT_DIGITS = 15;

/** The value to store for a cell's text: a number for a plain decimal number, otherwise the text unchanged. */
export function cellValue(text: string): string | number {
  if (!PLAIN_NUMBER.test(text)) return text;
  const [whole, fraction = ''] = text.replace(/^-/, '').split('.');
  // Trailing zeros of the fraction and leading zeros carry no precision ("3.50", "0.0012").
  const significant = (whole + fraction.replace(/0+$/, '')).replace(/^0+/, '');
  if (significant.length > MAX_SIGNIFICANT_DIGITS) return text;
  const value = Number(text);
  if (!Number.isFinite(value) || Object.is(value, -0)) return text;
  return value;
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?)?$/;
/** 1899-12-30, day 0 of Excel's 1900 date system. */
const EXCEL_EPOCH = Date.UTC(1899, 11, 30);

/**
 * An ISO date ("2024-03-05") or local date and time ("2024-03-05T14:30",
 * "2024-03-05 14:30:15") as an Excel serial date; null for anything else,
 * including impossible dates, dates with a time zone (Excel has none, so
 * they stay text) and dates before March 1900 (where Excel's calendar is off by a day).
 */
export function isoDateCell(text: string): { serial: number; time: boolean } | null {
  const m = ISO_DATE.exec(text);
  if (!m) return null;
  const [year, month, day, hour = 0, minute = 0, second = 0] = m.slice(1, 7).map((part) => (part === undefined ? 0 : Number(part)));
  const ms = m[7] ? Number(m[7].padEnd(3, '0')) : 0;
  if (month < 1 || month > 12 || day < 1 || hour > 23 || minute > 59 || second > 59) return null;
  const utc = Date.UTC(year, month - 1, day, hour, minute, second, ms);
  if (new Date(utc).getUTCDate() !== day || year < 1900 || (year === 1900 && month < 3)) return null;
  return { serial: (utc - EXCEL_EPOCH) / 86_400_000, time: m[4] !== undefined };
}

/** The value for a spreadsheet cell made from text: an ISO date, a plain number, or the text unchanged. */
export function spreadsheetCell(text: string): string | number | { serial: number; time: boolean } {
  return isoDateCell(text) ?? cellValue(text);
}
