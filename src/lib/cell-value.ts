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
