// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

type Reach = typeof import('./reach');

let current: Reach | undefined;

/** A fresh copy of the module: its state (reached, held presses, typed values) is per page load. */
async function freshReach(): Promise<Reach> {
  vi.resetModules();
  current = await import('./reach');
  return current;
}

function drawTool() {
  document.body.innerHTML = `
    <p id="outside"><button type="button" id="elsewhere">Elsewhere</button></p>
    <div class="tool-page">
      <form class="tool-work">
        <textarea name="text"></textarea>
        <select name="mode"><option value="upper">Upper</option><option value="lower">Lower</option></select>
        <input name="size" type="number" value="12" />
        <button type="submit" id="run">Run</button>
      </form>
    </div>`;
}

const settled = (promise: Promise<void>) => Promise.race([promise.then(() => true), new Promise((resolve) => setTimeout(() => resolve(false), 20))]);

describe('a page for typed text reached by the visitor', () => {
  beforeEach(drawTool);
  afterEach(() => {
    // The last copy's listeners go with its page.
    current?.releaseHeldPresses();
    document.body.innerHTML = '';
  });

  it('is reached by a focus inside the tool, not by one elsewhere on the page', async () => {
    const reach = await freshReach();
    const reached = reach.whenReached();
    document.getElementById('elsewhere')!.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
    expect(await settled(reached)).toBe(false);
    document.querySelector('textarea')!.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
    expect(await settled(reached)).toBe(true);
  });

  it('holds a press of the tool’s button (no submit) and presses it again once released', async () => {
    const reach = await freshReach();
    void reach.whenReached();
    const run = document.getElementById('run')!;
    const presses = vi.fn();
    const submits = vi.fn();
    run.addEventListener('click', presses);
    document.querySelector('form')!.addEventListener('submit', (event) => {
      event.preventDefault();
      submits();
    });
    run.click();
    expect(presses).not.toHaveBeenCalled();
    expect(submits).not.toHaveBeenCalled();
    reach.releaseHeldPresses();
    expect(presses).toHaveBeenCalledTimes(1);
    expect(submits).toHaveBeenCalledTimes(1);
    // Released: a later press goes straight through, once.
    run.click();
    expect(presses).toHaveBeenCalledTimes(2);
  });

  it('gives back what was typed and chosen when a form takes the controls over and writes its defaults', async () => {
    const reach = await freshReach();
    void reach.whenReached();
    const text = document.querySelector('textarea')!;
    const mode = document.querySelector('select')!;
    const size = document.querySelector<HTMLInputElement>('input[name=size]')!;
    text.value = 'typed before';
    mode.value = 'lower';
    reach.startHandingOver();
    const heard: string[] = [];
    for (const control of [text, mode, size]) {
      control.addEventListener(control === mode ? 'change' : 'input', () => heard.push(`${control.name}=${control.value}`));
      // What a form does as it takes a control over: its default replaces the value.
      const formRef = (element: Element | null) => {
        if (element === text) text.value = '';
        if (element === mode) mode.value = 'upper';
      };
      reach.keepTyped(formRef)(control);
    }
    expect(text.value).toBe('typed before');
    expect(mode.value).toBe('lower');
    expect(size.value).toBe('12');
    document.getElementById('run')!.addEventListener('click', () => heard.push('run pressed'));
    document.getElementById('run')!.click();
    // The commit that took the controls over ends; the tool's frame then releases the held press.
    await Promise.resolve();
    reach.releaseHeldPresses();
    // The form hears the typed values (an unchanged control is not announced), then the held press follows.
    expect(heard).toEqual(['text=typed before', 'mode=lower', 'run pressed']);
  });

  it('leaves a page it never deferred alone: a ref is passed through and its defaults stay', async () => {
    const reach = await freshReach();
    const text = document.querySelector('textarea')!;
    const formRef = vi.fn((element: Element | null) => {
      if (element === text) text.value = 'default';
    });
    reach.keepTyped(formRef)(text);
    expect(formRef).toHaveBeenCalledWith(text);
    expect(text.value).toBe('default');
  });
});
