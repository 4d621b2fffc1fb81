import { describe, expect, it } from 'vitest';
import { ToolError } from '../lib/errors';
import { batchReport } from './report';
import { laneCount, runBatch, type BatchInput, type BatchJob, type BatchRow, type BatchSink } from './run-batch';

/** A sink in memory, with the same contract as a folder. */
function memorySink(files = new Map<string, Blob>(), done = new Set<string>()): BatchSink & { files: Map<string, Blob>; done: Set<string> } {
  return {
    files,
    done,
    isDone: async (p) => done.has(p),
    has: async (p) => (files.get(p)?.size ?? 0) > 0,
    write: async (p, b) => void files.set(p, new Blob([b as BlobPart])),
    markDone: async (p) => void done.add(p),
  };
}

function inputs(paths: string[], opened: string[] = []): BatchInput[] {
  return paths.map((path) => ({
    path,
    size: path.length,
    open: async () => {
      opened.push(path);
      return new File([path], path.slice(path.lastIndexOf('/') + 1));
    },
  }));
}

/** Upper-cases a text file into NAME.txt; a file called bad.txt fails with its own message. */
function job(over: Partial<BatchJob> & Pick<BatchJob, 'inputs' | 'sink'>): BatchJob & { rows: BatchRow[] } {
  const rows: BatchRow[] = [];
  return {
    lanes: 2,
    runFile: async (file) => {
      if (file.name === 'bad.txt') return { results: [], failures: [{ name: file.name, message: 'The file bad.txt is damaged.' }] };
      if (file.name === 'crash.txt') throw new ToolError('The file crash.txt could not be read.');
      return { results: [{ name: file.name.toUpperCase(), data: new TextEncoder().encode((await file.text()).toUpperCase()) }], failures: [] };
    },
    expectedName: (name) => name.toUpperCase(),
    maxBytes: 30,
    tooLarge: (name) => `The file ${name} is too large.`,
    stop: new AbortController().signal,
    onRow: (i, row) => (rows[i] = row),
    rows,
    ...over,
  };
}

describe('runBatch', () => {
  it('writes each output under its relative path, and lists failed files without stopping', async () => {
    const sink = memorySink();
    const j = job({ inputs: inputs(['a.txt', 'trip/b.txt', 'bad.txt', 'crash.txt', 'trip/a-very-long-name-over-the-limit.txt']), sink });
    const rows = await runBatch(j);
    expect([...sink.files.keys()].sort()).toEqual(['A.TXT', 'trip/B.TXT']);
    expect(await sink.files.get('trip/B.TXT')!.text()).toBe('TRIP/B.TXT');
    expect(rows.map((r) => r.status)).toEqual(['done', 'done', 'failed', 'failed', 'failed']);
    expect(rows[2].message).toBe('The file bad.txt is damaged.');
    expect(rows[3].message).toBe('The file crash.txt could not be read.');
    expect(rows[4].message).toBe('The file a-very-long-name-over-the-limit.txt is too large.');
    expect(rows[0]).toMatchObject({ bytesIn: 5, bytesOut: 5, outputs: ['A.TXT'] });
    expect(j.rows).toEqual(rows);
    expect([...sink.done].sort()).toEqual(['a.txt', 'trip/b.txt']);
  });

  it('resumes: files finished before, or whose output is there, are skipped and not opened', async () => {
    const sink = memorySink(new Map([['B.TXT', new Blob(['B'])]]), new Set(['a.txt']));
    const opened: string[] = [];
    const rows = await runBatch(job({ inputs: inputs(['a.txt', 'b.txt', 'c.txt'], opened), sink }));
    expect(rows.map((r) => r.status)).toEqual(['skipped', 'skipped', 'done']);
    expect(opened).toEqual(['c.txt']);
  });

  it('on cancel takes no new file; the ones under way finish and what was written stays', async () => {
    const stop = new AbortController();
    const sink = memorySink();
    const j = job({ inputs: inputs(['1.txt', '2.txt', '3.txt', '4.txt', '5.txt']), sink, lanes: 1 });
    const run = j.runFile;
    j.runFile = async (file, lane, signal) => {
      if (file.name === '2.txt') stop.abort();
      return run(file, lane, signal);
    };
    const rows = await runBatch({ ...j, stop: stop.signal });
    expect(rows.map((r) => r.status)).toEqual(['done', 'done', 'cancelled', 'cancelled', 'cancelled']);
    expect(sink.files.size).toBe(2);
  });

  it('keeps both outputs when two inputs of one folder give the same name', async () => {
    const sink = memorySink();
    const j = job({ inputs: inputs(['x/a.txt', 'x/A.txt']), sink, expectedName: () => null });
    await runBatch(j);
    expect([...sink.files.keys()].sort()).toEqual(['x/A (2).TXT', 'x/A.TXT']);
  });

  it('never runs more files at once than it has lanes', async () => {
    let running = 0;
    let most = 0;
    const j = job({ inputs: inputs(Array.from({ length: 12 }, (_, i) => `${i}.txt`)), sink: memorySink(), lanes: 3 });
    j.runFile = async (file) => {
      most = Math.max(most, ++running);
      await new Promise((r) => setTimeout(r, 2));
      running--;
      return { results: [{ name: file.name, data: new Blob(['x']) }], failures: [] };
    };
    await runBatch(j);
    expect(most).toBe(3);
  });

  it('uses at most hardwareConcurrency - 1 lanes, at most 4, at least 1', () => {
    expect([1, 2, 3, 8, 16].map(laneCount)).toEqual([1, 1, 2, 4, 4]);
  });

  it('writes a CSV report a spreadsheet reads as text', () => {
    const csv = batchReport([{ path: 'a,b.txt', status: 'failed', bytesIn: 3, bytesOut: 0, ms: 1.6, message: '=cmd "x"', outputs: [] }]);
    expect(csv).toBe('file,status,bytes_in,bytes_out,ms,outputs,message\r\n"a,b.txt",failed,3,0,2,,"\'=cmd ""x"""\r\n');
  });
});
