import { describe, expect, it } from 'vitest';
import { simulationSchema, type Expr } from '../../schemas/manifest';
import { cutText, delayMs, evaluate, fillTemplate, holds, sizeFactor } from './rules';

const facts = { fileCount: 3, totalBytes: 3000 };

describe('holds', () => {
  it.each([
    [{ option: 'method', equals: 'rows' }, true],
    [{ option: 'method', equals: 'sheets' }, false],
    [{ option: 'method', notEquals: 'rows' }, false],
    [{ option: 'method', in: ['sheets', 'rows'] }, true],
    [{ fileCount: { min: 2 } }, true],
    [{ fileCount: { max: 1 } }, false],
    [{ all: [{ fileCount: { min: 2 } }, { option: 'animate', equals: true }] }, true],
    [{ any: [{ fileCount: { max: 1 } }, { option: 'animate', equals: false }] }, false],
    [{ not: { option: 'animate', equals: true } }, false],
  ])('%j is %s', (condition, expected) => {
    expect(holds(condition, { method: 'rows', animate: true }, facts)).toBe(expected);
  });
});

describe('evaluate', () => {
  it.each<[Expr, number]>([
    [{ mul: [0.7, { option: 'quality' }, 0.01] }, 0.595],
    [{ sub: [100, { mul: [100, 0.3] }] }, 70],
    [{ div: [{ fact: 'totalBytes' }, { fact: 'fileCount' }] }, 1000],
    [{ pow: [{ lookup: 'scale', values: { '2x': 2, '4x': 4 } }, 2] }, 16],
    [{ if: { option: 'scale', equals: '4x' }, then: 1, else: 2 }, 1],
    [{ add: [1, 2, 3] }, 6],
    [{ min: [4, 2, 9] }, 2],
    [{ max: [4, 2, 9] }, 9],
    [{ div: [5, 0] }, 0],
  ])('%j = %d', (expr, expected) => {
    expect(evaluate(expr, { quality: 85, scale: '4x' }, facts)).toBeCloseTo(expected, 10);
  });
});

describe('delayMs', () => {
  it('adds the per-file part', () => {
    expect(delayMs({ base: 2000, perFile: 500 }, {}, facts)).toBe(3500);
  });
  it('chooses a branch on a condition', () => {
    const delay = { if: { option: 'animate', equals: true }, then: { base: 2000, perFile: 200 }, else: 2000 };
    expect(delayMs(delay, { animate: true }, facts)).toBe(2600);
    expect(delayMs(delay, { animate: false }, facts)).toBe(2000);
  });
});

describe('sizeFactor', () => {
  const sim = (sizeFactor: unknown) => simulationSchema.parse({ delayMs: 0, sizeFactor, success: 'ok' });
  it('reads a constant, a table and a formula', () => {
    expect(sizeFactor(sim(1.2), {}, facts)).toBe(1.2);
    expect(sizeFactor(sim({ byOption: 'level', values: { low: 0.8, high: 0.3 } }), { level: 'high' }, facts)).toBe(0.3);
    expect(sizeFactor(sim({ formula: { mul: [{ option: 'quality' }, 0.01] } }), { quality: 80 }, facts)).toBeCloseTo(0.8);
  });
});

describe('fillTemplate', () => {
  it('fills option values and cuts with {name:N}', () => {
    expect(fillTemplate('{quality}% at {dpi} DPI', { quality: 85, dpi: 300 })).toBe('85% at 300 DPI');
    expect(fillTemplate('{text:30}', { text: 'This sentence is longer than thirty characters.' })).toBe(
      'This sentence is longer than t...',
    );
    expect(fillTemplate('{text:30}', { text: 'Your Text Here' })).toBe('Your Text Here');
    expect(fillTemplate('{missing}', {})).toBe('{missing}');
  });
  it('counts characters, not UTF-16 units', () => {
    expect(cutText('😀😀😀', 2)).toBe('😀😀...');
  });
});
