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

/** A text area's default that is not empty, as a chart's sample data is. */
const SAMPLE = 'Month,Sales\nJan,1200';

function drawTool() {
  document.body.innerHTML = `
    <p id="outside"><button type="button" id="elsewhere">Elsewhere</button></p>
    <div class="tool-page">
      <form class="tool-work">
        <textarea name="text"></textarea>
        <textarea name="data">${SAMPLE}</textarea>
        <select name="mode"><option value="upper">Upper</option><option value="lower">Lower</option></select>
        <input name="size" type="number" value="12" />
        <button type="submit" id="run">Run</button>
      </form>
    </div>`;
}

/** The visitor types: the control's new value, then the event the browser fires for it. */
function type(control: HTMLTextAreaElement, value: string) {
  control.value = value;
  control.setSelectionRange(value.length, value.length);
  control.dispatchEvent(new Event('input', { bubbles: true }));
}

/** What React does to a text area as it hydrates it: it writes the default into its text, then, as its text is that default, into its value. */
function hydrateTextArea(control: HTMLTextAreaElement, defaultValue: string) {
  control.defaultValue = defaultValue;
  if (control.textContent === defaultValue && defaultValue !== '') control.value = defaultValue;
}

/** A form's ref that writes the form's default into the control as it takes it over. */
const formRef = (defaultValue: string) => (element: HTMLTextAreaElement | null) => {
  if (element) element.value = defaultValue;
};

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
  it('gives back text typed over a text area’s default, which hydration wrote back before the form took the area over', async () => {
    const reach = await freshReach();
    void reach.whenReached();
    const data = document.querySelector<HTMLTextAreaElement>('textarea[name=data]')!;
    type(data, 'Fruit,Apples');
    reach.startHandingOver();
    const heard: string[] = [];
    data.addEventListener('input', () => heard.push(data.value));
    // Hydration and the takeover in one go: the form finds the default in the area.
    hydrateTextArea(data, SAMPLE);
    reach.keepTyped(formRef(SAMPLE))(data);
    expect(data.value).toBe('Fruit,Apples');
    await Promise.resolve();
    expect(heard).toEqual(['Fruit,Apples']);
  });

  it('keeps typing that goes on while the tool hydrates: what hydration wrote back is undone before the next key', async () => {
    const reach = await freshReach();
    void reach.whenReached();
    const data = document.querySelector<HTMLTextAreaElement>('textarea[name=data]')!;
    type(data, 'Fruit,Apples');
    reach.startHandingOver();
    hydrateTextArea(data, SAMPLE);
    // Hydration pauses before its commit; the browser handles the next key after that pause.
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(data.value).toBe('Fruit,Apples');
    expect([data.selectionStart, data.selectionEnd]).toEqual([12, 12]);
    type(data, 'Fruit,Apples,Pears\nMon,3');
    const heard: string[] = [];
    data.addEventListener('input', () => heard.push(data.value));
    reach.keepTyped(formRef(SAMPLE))(data);
    expect(data.value).toBe('Fruit,Apples,Pears\nMon,3');
    await Promise.resolve();
    expect(heard).toEqual(['Fruit,Apples,Pears\nMon,3']);
    // Taken over: from now on the form's own writes stand.
    formRef('')(data);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(data.value).toBe('');
  });

  it('keeps text typed before the application started, when hydration writes the default back', async () => {
    const data = document.querySelector<HTMLTextAreaElement>('textarea[name=data]')!;
    data.value = 'typed early';
    const reach = await freshReach();
    void reach.whenReached();
    reach.startHandingOver();
    hydrateTextArea(data, SAMPLE);
    reach.keepTyped(formRef(SAMPLE))(data);
    expect(data.value).toBe('typed early');
  });
});
