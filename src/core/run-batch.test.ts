import { describe, expect, it } from 'vitest';
import { ToolError } from '../lib/errors';
import { batchReport } from './report';
import { RECORD_FILE } from './record';
import { alreadyDoneMessage, laneCount, runBatch, type BatchInput, type BatchJob, type BatchRow, type BatchSink } from './run-batch';

/** A sink in memory, with the same contract as a folder; `fail` makes a write throw. */
function memorySink(files = new Map<string, Blob>(), fail?: (path: string) => unknown): BatchSink & { files: Map<string, Blob>; record(): string } {
  let record = '';
  return {
    files,
    record: () => record,
    exists: async (p) => files.has(p),
    write: async (p, b) => {
      const error = fail?.(p);
      if (error) throw error;
      files.set(p, new Blob([b as BlobPart]));
    },
    readRecord: async () => record,
    appendRecord: async (lines) => void (record += lines),
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

/**
 * Upper-cases a text file into NAME.txt (named from the name the core gives it); a file called
 * bad.txt fails with its own message; split.txt gives three parts.
 */
function job(over: Partial<BatchJob> & Pick<BatchJob, 'inputs' | 'sink'>): BatchJob & { rows: BatchRow[] } {
  const rows: BatchRow[] = [];
  return {
    key: 'upper:1',
    lanes: 2,
    runFile: async (file, _lane, _signal, name) => {
      if (file.name === 'bad.txt') return { results: [], failures: [{ name: file.name, message: 'The file bad.txt is damaged.' }] };
      if (file.name === 'crash.txt') throw new ToolError('The file crash.txt could not be read.');
      const text = (await file.text()).toUpperCase();
      if (file.name === 'split.txt') return { results: [1, 2, 3].map((n) => ({ name: `part-${n}.txt`, data: new TextEncoder().encode(`${text} ${n}`) })), failures: [] };
      return { results: [{ name: name.toUpperCase(), data: new TextEncoder().encode(text) }], failures: [] };
    },
    maxBytes: 30,
    tooLarge: (name) => `The file ${name} is too large.`,
    stop: new AbortController().signal,
    onRow: (i, row) => (rows[i] = row),
    rows,
    ...over,
  };
}

const names = (sink: { files: Map<string, Blob> }) => [...sink.files.keys()].sort();

describe('runBatch', () => {
  it('writes each output under its relative path, and lists failed files without stopping', async () => {
    const sink = memorySink();
    const j = job({ inputs: inputs(['a.txt', 'trip/b.txt', 'bad.txt', 'crash.txt', 'trip/a-very-long-name-over-the-limit.txt']), sink });
    const rows = await runBatch(j);
    expect(names(sink)).toEqual(['A.TXT', 'trip/B.TXT']);
    expect(await sink.files.get('trip/B.TXT')!.text()).toBe('TRIP/B.TXT');
    expect(rows.map((r) => r.status)).toEqual(['done', 'done', 'failed', 'failed', 'failed']);
    expect(rows[2].message).toBe('The file bad.txt is damaged.');
    expect(rows[3].message).toBe('The file crash.txt could not be read.');
    expect(rows[4].message).toBe('The file a-very-long-name-over-the-limit.txt is too large.');
    expect(rows[0]).toMatchObject({ bytesIn: 5, bytesOut: 5, outputs: ['A.TXT'] });
    expect(j.rows).toEqual(rows);
  });

  it('resumes a job: files it finished, whose outputs are all there, are skipped and not opened; a deleted output is made again', async () => {
    const sink = memorySink();
    await runBatch(job({ inputs: inputs(['a.txt', 'b.txt']), sink }));
    sink.files.delete('B.TXT');
    const opened: string[] = [];
    const rows = await runBatch(job({ inputs: inputs(['a.txt', 'b.txt', 'c.txt'], opened), sink }));
    expect(rows.map((r) => r.status)).toEqual(['skipped', 'done', 'done']);
    expect(rows[0]).toMatchObject({ message: alreadyDoneMessage(), outputs: ['A.TXT'] });
    expect(opened).toEqual(['b.txt', 'c.txt']);
    // b.txt owned B.TXT in the record, so it took its own name again rather than "B (2).TXT".
    expect(names(sink)).toEqual(['A.TXT', 'B.TXT', 'C.TXT']);
  });

  it('another job into the same folder is not "already done", and never overwrites what the first wrote', async () => {
    const sink = memorySink();
    await runBatch(job({ inputs: inputs(['a.txt']), sink }));
    const rows = await runBatch(job({ key: 'upper:2', inputs: inputs(['a.txt']), sink }));
    expect(rows[0].status).toBe('done');
    expect(names(sink)).toEqual(['A (2).TXT', 'A.TXT']);
    expect(rows[0].outputs).toEqual(['A (2).TXT']);
  });

  it('never replaces a file the batch does not own', async () => {
    const sink = memorySink(new Map([['A.TXT', new Blob(['mine'])]]));
    await runBatch(job({ inputs: inputs(['a.txt']), sink }));
    expect(await sink.files.get('A.TXT')!.text()).toBe('mine');
    expect(names(sink)).toEqual(['A (2).TXT', 'A.TXT']);
  });

  it('a split killed after its first part completes once when run again: the parts it began are its own', async () => {
    const sink = memorySink();
    await runBatch(job({ inputs: inputs(['split.txt']), sink }));
    // What a kill after the first part leaves: part 1, and the record's "writing" line without its "done" line.
    sink.files.delete('part-2.txt');
    sink.files.delete('part-3.txt');
    const record = sink.record().split('\n').filter((l) => l.includes('"writing"')).join('\n') + '\n';
    const resumed = memorySink(sink.files);
    await resumed.appendRecord(record);
    const rows = await runBatch(job({ inputs: inputs(['split.txt']), sink: resumed }));
    expect(rows[0].status).toBe('done');
    expect(names(resumed)).toEqual(['part-1.txt', 'part-2.txt', 'part-3.txt']);
  });

  it('on cancel takes no new file; the ones under way finish and what was written stays', async () => {
    const stop = new AbortController();
    const sink = memorySink();
    const j = job({ inputs: inputs(['1.txt', '2.txt', '3.txt', '4.txt', '5.txt']), sink, lanes: 1 });
    const run = j.runFile;
    j.runFile = async (file, lane, signal, name) => {
      if (file.name === '2.txt') stop.abort();
      return run(file, lane, signal, name);
    };
    const rows = await runBatch({ ...j, stop: stop.signal });
    expect(rows.map((r) => r.status)).toEqual(['done', 'done', 'cancelled', 'cancelled', 'cancelled']);
    expect(sink.files.size).toBe(2);
  });

  it('inputs that want one name all keep theirs, named from their own paths whatever order they finish in', async () => {
    for (const order of [['x/a.txt', 'x/A.txt', 'x/a.md'], ['x/a.md', 'x/A.txt', 'x/a.txt']]) {
      const sink = memorySink();
      const j = job({ inputs: inputs(order), sink, lanes: 3 });
      const run = j.runFile;
      // The first listed finishes last.
      j.runFile = async (file, lane, signal, name) => {
        if (file.name === order[0].slice(2)) await new Promise((r) => setTimeout(r, 20));
        return run(file, lane, signal, name);
      };
      const rows = await runBatch(j);
      const byInput = Object.fromEntries(rows.map((r) => [r.path, r.outputs]));
      expect(byInput).toEqual({ 'x/A.txt': ['x/A.TXT'], 'x/a.md': ['x/A (MD).MD'], 'x/a.txt': ['x/A (2).TXT'] });
    }
  });

  it('says what went wrong with a file that vanished, an empty file and a folder that could not be written, and goes on', async () => {
    const full = Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
    const sink = memorySink(new Map(), (path) => (path === 'FULL.TXT' ? full : null));
    const list = inputs(['gone.txt', 'full.txt', 'ok.txt']);
    list[0].open = async () => Promise.reject(Object.assign(new Error('not found'), { name: 'NotFoundError' }));
    const empty: BatchInput = { path: 'empty.txt', size: 0, open: async () => new File([], 'empty.txt') };
    const rows = await runBatch(job({ inputs: [...list, empty], sink }));
    expect(rows.map((r) => r.status)).toEqual(['failed', 'failed', 'done', 'failed']);
    expect(rows[0].message).toBe('The file gone.txt could not be read: it was moved, renamed or deleted after the run started. Put it back and run again.');
    expect(rows[1].message).toBe('FULL.TXT could not be written because the disk is full. Free some space, then run again: what was written is kept and the rest resumes.');
    expect(rows[3].message).toBe('The file empty.txt is empty. Please choose a file that has content.');
    expect(names(sink)).toEqual(['OK.TXT']);
  });

  it('a record that cannot be written fails the file and names it', async () => {
    const sink = memorySink();
    sink.appendRecord = async () => Promise.reject(Object.assign(new Error('EROFS'), { code: 'EROFS' }));
    const rows = await runBatch(job({ inputs: inputs(['a.txt']), sink }));
    expect(rows[0]).toMatchObject({ status: 'failed', message: `${RECORD_FILE} could not be written because the output folder is read-only or writing to it is not allowed. Choose a folder you can write to.` });
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

  it('uses one lane per core, at most 4, at least 1', () => {
    expect([1, 2, 3, 8, 16].map(laneCount)).toEqual([1, 2, 3, 4, 4]);
  });

  it('writes a CSV report a spreadsheet reads as text', () => {
    const csv = batchReport([{ path: 'a,b.txt', status: 'failed', bytesIn: 3, bytesOut: 0, ms: 1.6, message: '=cmd "x"', outputs: [] }]);
    expect(csv).toBe('file,status,bytes_in,bytes_out,ms,outputs,message\r\n"a,b.txt",failed,3,0,2,,"\'=cmd ""x"""\r\n');
  });
});
