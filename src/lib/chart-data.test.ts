import { describe, expect, it } from 'vitest';
import { ToolError } from './errors';
import { checkPieData, MAX_ROWS, parseChartData, splitCells } from './chart-data';

function failure(fn: () => unknown): string {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(ToolError);
    return (error as Error).message;
  }
  throw new Error('expected a ToolError');
}

describe('parseChartData', () => {
  it('reads series names from the header row and labels from the first column', () => {
    expect(parseChartData('Month,Sales,Expenses\nJan,1200,900\nFeb,1500,1100')).toEqual({
      labelHeading: 'Month',
      series: ['Sales', 'Expenses'],
      labels: ['Jan', 'Feb'],
      values: [
        [1200, 900],
        [1500, 1100],
      ],
      rows: [2, 3],
    });
  });

  it('tolerates spaces, blank lines, CRLF, a byte-order mark, tabs, semicolons and quoted labels', () => {
    const data = parseChartData('\uFEFF Month , Sales \r\n\r\n  Jan ,  -12.5 \r\n "Feb, 2024" , +3e2 \r\n');
    expect(data.series).toEqual(['Sales']);
    expect(data.labels).toEqual(['Jan', 'Feb, 2024']);
    expect(data.values).toEqual([[-12.5], [300]]);
    expect(data.rows).toEqual([3, 4]);
    expect(parseChartData('Q\tA\tB\nq1\t1\t2').values).toEqual([[1, 2]]);
    expect(parseChartData('Q;A\nq1;.5').values).toEqual([[0.5]]);
  });

  it('names the row and column of a value that is not a number', () => {
    expect(failure(() => parseChartData('Month,Sales,Expenses\nJan,1200,900\nFeb,15OO,1100'))).toBe(
      'Row 3, column 2 (Sales): "15OO" is not a number. Please use plain numbers such as 1200 or 12.5.',
    );
    expect(failure(() => parseChartData('Month,Sales,Expenses\nJan,1200,'))).toBe(
      'Row 2, column 3 (Expenses): an empty cell is not a number. Please use plain numbers such as 1200 or 12.5.',
    );
    expect(failure(() => parseChartData('M,S\nJan,$12'))).toMatch(/^Row 2, column 2 \(S\): "\$12" is not a number/);
    expect(failure(() => parseChartData('M,S\nJan,Infinity'))).toMatch(/"Infinity" is not a number/);
  });

  it('explains a row with the wrong number of values, a missing header and missing rows', () => {
    expect(failure(() => parseChartData('Month,Sales,Expenses\nJan,1200'))).toBe(
      'Row 2 has 1 value but the first row names 2 series. Please give every row a label and one value per series.',
    );
    expect(failure(() => parseChartData('Month\nJan'))).toMatch(/^The first row must name the label column and at least one series/);
    expect(failure(() => parseChartData('Month,Sales'))).toMatch(/^Please add at least one row of values/);
    expect(failure(() => parseChartData('Month,,Sales\nJan,1,2'))).toBe('Column 2 of the first row has no series name. Please name every series.');
    expect(failure(() => parseChartData('  \n '))).toBe('Please enter chart data.');
  });

  it('refuses more rows than a chart can show', () => {
    const rows = Array.from({ length: MAX_ROWS + 1 }, (_, i) => `r${i},${i}`).join('\n');
    expect(failure(() => parseChartData(`L,V\n${rows}`))).toBe(`A chart can show at most ${MAX_ROWS} rows; the data has ${MAX_ROWS + 1}.`);
  });
});

describe('splitCells', () => {
  it('keeps separators and doubled quotes inside quotes', () => {
    expect(splitCells('"a, b", "say ""hi""" ,c', ',')).toEqual(['a, b', 'say "hi"', 'c']);
  });
});

describe('checkPieData', () => {
  it('refuses negative values and an all-zero series', () => {
    expect(failure(() => checkPieData(parseChartData('L,V\nA,3\nB,-2')))).toBe(
      'A pie chart cannot show negative values: row 3 (B) has -2. Please choose a bar or line chart.',
    );
    expect(failure(() => checkPieData(parseChartData('L,V\nA,0\nB,0')))).toBe('A pie chart needs at least one value above 0.');
    expect(() => checkPieData(parseChartData('L,V\nA,0\nB,1'))).not.toThrow();
  });
});
