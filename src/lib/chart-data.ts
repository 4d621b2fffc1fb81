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
import { runText } from './i18n/run-messages';

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
  if (lines.length === 0) throw new ToolError(runText('run.chart.empty'));
  const separator = separatorOf(lines[0].line);
  const [labelHeading, ...series] = splitCells(lines[0].line, separator);
  if (series.length === 0) {
    throw new ToolError(runText('run.chart.noSeries'));
  }
  if (series.length > MAX_SERIES) throw new ToolError(runText('run.chart.tooManySeries', { max: MAX_SERIES, count: series.length }));
  series.forEach((name, i) => {
    if (name === '') throw new ToolError(runText('run.chart.unnamedSeries', { column: i + 2 }));
  });
  const body = lines.slice(1);
  if (body.length === 0) throw new ToolError(runText('run.chart.noRows'));
  if (body.length > MAX_ROWS) throw new ToolError(runText('run.chart.tooManyRows', { max: MAX_ROWS, count: body.length }));

  const labels: string[] = [];
  const values: number[][] = [];
  const rows: number[] = [];
  for (const { line, row } of body) {
    const [label, ...cells] = splitCells(line, separator);
    if (cells.length !== series.length) {
      throw new ToolError(
        runText('run.chart.rowValues', { row, count: cells.length, series: series.length }),
      );
    }
    values.push(
      cells.map((cell, i) => {
        const value = parseNumber(cell);
        if (value === null) {
          const shown = cell === '' ? runText('run.chart.emptyCell') : `"${cell}"`;
          throw new ToolError(runText('run.chart.notANumber', { row, column: i + 2, series: series[i], value: shown }));
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
    const values = { row: data.rows[index], label: data.labels[index], value: String(data.values[index][0]) };
    throw new ToolError(runText(data.labels[index] ? 'run.chart.pieNegativeLabel' : 'run.chart.pieNegative', values));
  }
  if (data.values.every((row) => row[0] === 0)) throw new ToolError(runText('run.chart.pieAllZero'));
}
