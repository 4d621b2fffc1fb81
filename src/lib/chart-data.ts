/**
 * Chart data as typed by the visitor: CSV-like text whose header row names
 * the series and whose first column holds the labels, for example
 *
 *   Month, Sales, Expenses
 *   Jan,   1200,  900
 *
 * Cells are separated by commas (or tabs or semicolons, taken from the header
 * row), may be quoted with double quotes, and may have spaces around them.
 */
import { ToolError } from './errors';

export interface ChartData {
  /** Name of the label column (the header's first cell). */
  labelHeading: string;
  series: string[];
  labels: string[];
  /** values[row][series] */
  values: number[][];
  /** The line number of each row in the text, for messages. */
  rows: number[];
}

export const CHART_TYPES = ['bar', 'line', 'pie'] as const;
export type ChartType = (typeof CHART_TYPES)[number];

/** Bars or points beyond these counts would be too thin to read in one picture. */
export const MAX_ROWS = 500;
export const MAX_SERIES = 12;

export function isChartType(value: unknown): value is ChartType {
  return typeof value === 'string' && (CHART_TYPES as readonly string[]).includes(value);
}

/** Splits one line into trimmed cells; double quotes may wrap a cell that contains the separator. */
export function splitCells(line: string, separator: string): string[] {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (quoted) {
      if (c === '"' && line[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"' && cell.trim() === '') {
      quoted = true;
      cell = '';
    } else if (c === separator) {
      cells.push(cell.trim());
      cell = '';
    } else cell += c;
  }
  cells.push(cell.trim());
  return cells;
}

function separatorOf(header: string): string {
  if (header.includes('\t')) return '\t';
  if (!header.includes(',') && header.includes(';')) return ';';
  return ',';
}

/** A plain decimal number such as 12, -3.5, +7 or 1e3; anything else is not accepted. */
function parseNumber(cell: string): number | null {
  if (!/^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(cell)) return null;
  const value = Number(cell);
  return Number.isFinite(value) ? value : null;
}

/** Parses chart data; throws a ToolError that names the row and column of any bad value. */
export function parseChartData(text: string): ChartData {
  const lines = text
    .replace(/^\uFEFF/, '')
    .split(/\r\n|\r|\n/)
    .map((line, i) => ({ line, row: i + 1 }))
    .filter(({ line }) => line.trim() !== '');
  if (lines.length === 0) throw new ToolError('Please enter chart data.');
  const separator = separatorOf(lines[0].line);
  const [labelHeading, ...series] = splitCells(lines[0].line, separator);
  if (series.length === 0) {
    throw new ToolError('The first row must name the label column and at least one series, for example: Month, Sales');
  }
  if (series.length > MAX_SERIES) throw new ToolError(`A chart can show at most ${MAX_SERIES} series; the first row names ${series.length}.`);
  series.forEach((name, i) => {
    if (name === '') throw new ToolError(`Column ${i + 2} of the first row has no series name. Please name every series.`);
  });
  const body = lines.slice(1);
  if (body.length === 0) throw new ToolError('Please add at least one row of values under the first row, for example: Jan, 1200');
  if (body.length > MAX_ROWS) throw new ToolError(`A chart can show at most ${MAX_ROWS} rows; the data has ${body.length}.`);

  const labels: string[] = [];
  const values: number[][] = [];
  const rows: number[] = [];
  for (const { line, row } of body) {
    const [label, ...cells] = splitCells(line, separator);
    if (cells.length !== series.length) {
      throw new ToolError(
        `Row ${row} has ${cells.length} value${cells.length === 1 ? '' : 's'} but the first row names ${series.length} series. Please give every row a label and one value per series.`,
      );
    }
    values.push(
      cells.map((cell, i) => {
        const value = parseNumber(cell);
        if (value === null) {
          const shown = cell === '' ? 'an empty cell' : `"${cell}"`;
          throw new ToolError(`Row ${row}, column ${i + 2} (${series[i]}): ${shown} is not a number. Please use plain numbers such as 1200 or 12.5.`);
        }
        return value;
      }),
    );
    labels.push(label);
    rows.push(row);
  }
  return { labelHeading, series, labels, values, rows };
}

/** A pie shows the first series; its values must be 0 or more and not all 0. */
export function checkPieData(data: ChartData): void {
  const index = data.values.findIndex((row) => row[0] < 0);
  if (index >= 0) {
    throw new ToolError(`A pie chart cannot show negative values: row ${data.rows[index]}${data.labels[index] ? ` (${data.labels[index]})` : ''} has ${data.values[index][0]}. Please choose a bar or line chart.`);
  }
  if (data.values.every((row) => row[0] === 0)) throw new ToolError('A pie chart needs at least one value above 0.');
}
