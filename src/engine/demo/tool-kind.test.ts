import { describe, expect, it } from 'vitest';
import { toolNote, workflowNote } from './notes';

const REAL_NOTE = 'Your files are processed on this device and never leave it: nothing is uploaded.';
const DEMO_NOTE = 'Demo mode: this tool simulates the conversion and gives you a placeholder file, not a real result.';
const SIMULATED_NOTE = 'This tool is a demonstration for now: it simulates the conversion and gives you a placeholder file.';
const WORKFLOW_DEMO_NOTE = 'Demo mode does not apply to workflows: this one runs the real tools, on this device. Nothing is uploaded.';
import { placeholderText } from './simulate';
import { runMode, toolKind, worksOnDevice } from '../../core/tool-kind';

const real = { title: 'PDF Compressor', processor: 'pdf-compressor' };
const demoOnly = { title: 'Colorize Photo', processor: undefined };
const inPage = { title: 'Text Case Converter', processor: undefined, worksInPage: true };
// Text to speech speaks in its page and exports MP3 through its processor.
const both = { title: 'Text to Speech', processor: 'text-to-speech', worksInPage: true };

describe('demo or real', () => {
  it('names what each tool can do at all', () => {
    expect([real, demoOnly, inPage, both].map((m) => toolKind(m))).toEqual(['real', 'demo-only', 'in-page', 'real']);
  });

  it('runs a processor for real unless demo mode is on; everything else runs the simulation', () => {
    expect(runMode(real, false)).toBe('real');
    expect(runMode(real, true)).toBe('demo');
    expect(runMode(demoOnly, false)).toBe('demo');
    expect(runMode(inPage, false)).toBe('demo');
    expect(runMode(both, true)).toBe('demo');
  });

  it('says the files stay on the device wherever they are really worked on, even in demo mode for a page that works itself', () => {
    expect(worksOnDevice(both, true)).toBe(true);
    expect(toolNote(both, true)).toBe(REAL_NOTE);
    expect(toolNote(inPage, true)).toBe(REAL_NOTE);
    expect(toolNote(real, false)).toBe(REAL_NOTE);
    expect(toolNote(real, true)).toBe(DEMO_NOTE);
    expect(toolNote(demoOnly, false)).toBe(SIMULATED_NOTE);
    expect(workflowNote(true)).toBe(WORKFLOW_DEMO_NOTE);
    expect(workflowNote(false)).toBe(REAL_NOTE);
  });

  it('gives demo-mode advice in a placeholder only to a tool that can run for real', () => {
    expect(placeholderText(both)).toMatch(/turn it off/);
    expect(placeholderText(inPage)).not.toMatch(/turn it off/);
  });
});
