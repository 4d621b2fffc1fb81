/**
 * A page for typed text hydrates its tool when the visitor first reaches for it
 * (ToolRoute's StartWhenReached), so the page goes live without its form and view code.
 * Until then its pre-rendered controls work as plain HTML: text can be typed, a
 * choice made, and this module keeps what the page would otherwise lose:
 *
 * - a press of one of the tool's buttons is held and pressed again once the tool
 *   has hydrated (React drops an event on content it has not hydrated yet);
 * - what was typed or chosen is read back into the hydrated form (keepTyped). It is recorded as it
 *   is typed, not read from the control when the form takes it over: hydrating a text area whose
 *   default is not empty writes that default back over what the visitor typed (React sets the
 *   value to the text the server wrote), and typing goes on while the tool hydrates.
 */

/** The tool's part of the page: what hydrates when reached. */
const TOOL = '.tool-page';

/**
 * Signs of a visitor on the page: a pointer over it or pressed, a touch, a scroll, a key, a focus,
 * typing, a drag, or a press with no pointer (a screen reader's).
 */
const REACH_EVENTS = ['pointerdown', 'pointermove', 'touchstart', 'wheel', 'scroll', 'keydown', 'focusin', 'input', 'dragenter', 'click'] as const;

let reached: Promise<void> | undefined;
const held: HTMLElement[] = [];

function inTool(target: EventTarget | null): target is Element {
  return target instanceof Element && target.closest(TOOL) !== null;
}

/** Holds a press of a button of the tool that has not hydrated: nothing would answer it, and a submit button would submit the page's form to the server. */
function hold(event: MouseEvent) {
  if (!inTool(event.target)) return;
  const button = event.target.closest<HTMLElement>('button, [role="button"]');
  if (!button) return;
  event.preventDefault();
  event.stopImmediatePropagation();
  if (!held.includes(button)) held.push(button);
}

/**
 * Resolves at the visitor's first move on the page; from then until releaseHeldPresses(), presses of the
 * tool's buttons are held, and until the tool's form has taken its controls over, what is typed in them is recorded.
 */
export function whenReached(): Promise<void> {
  reached ??= new Promise<void>((resolve) => {
    window.addEventListener('click', hold, true);
    startRecording();
    const options = { capture: true, passive: true } as const;
    const stop = () => REACH_EVENTS.forEach((type) => window.removeEventListener(type, onReach, options));
    function onReach(event: Event) {
      const anywhere = event.type === 'scroll' || event.type === 'wheel' || event.type === 'touchstart';
      if (!anywhere && !inTool(event.target)) return;
      stop();
      resolve();
    }
    // Focus already in the tool: the visitor was there before the application started.
    if (inTool(document.activeElement)) return resolve();
    REACH_EVENTS.forEach((type) => window.addEventListener(type, onReach, options));
  });
  return reached;
}

/** After a failed load: the next move on the page is a first move again. */
export function forgetReach(): void {
  reached = undefined;
}

type Control = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

/** The tool's named text boxes, text areas, lists, sliders and colour inputs. */
const CONTROLS = `${TOOL} textarea[name], ${TOOL} select[name], ${TOOL} input[name]:not([type="checkbox"], [type="radio"], [type="file"], [type="hidden"])`;

function controls(): Control[] {
  return [...document.querySelectorAll<Control>(CONTROLS)];
}

function isControl(target: EventTarget | null): target is Control {
  return (target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) && target.matches(CONTROLS);
}

/** Whether the visitor changed the control from the default written in its HTML. */
function changed(control: Control): boolean {
  return control instanceof HTMLSelectElement
    ? [...control.options].some((option) => option.selected !== option.defaultSelected)
    : control.value !== control.defaultValue;
}

/** True from the moment the tool's code arrives until what was typed and pressed before has been handed over. */
let handing = false;
/** Controls already taken over by their form while handing over. */
const taken = new WeakSet<Element>();

/** What the visitor last typed or chose in a control, and the selection in it then (null where a control has none). */
interface Typed {
  value: string;
  selection: readonly [number, number] | null;
}

/** What was typed in each control not yet taken over by its form, as of the visitor's last keystroke. */
const typed = new Map<Control, Typed>();
let recording = false;
/** Gives typed text back at once when hydration writes a default over it, before the next keystroke lands in that default. */
let guard: MutationObserver | undefined;

function selectionOf(control: Control): Typed['selection'] {
  if (control instanceof HTMLSelectElement || control.selectionStart === null || control.selectionEnd === null) return null;
  return [control.selectionStart, control.selectionEnd];
}

function record(control: Control) {
  if (!taken.has(control)) typed.set(control, { value: control.value, selection: selectionOf(control) });
}

function onTyped(event: Event) {
  if (isControl(event.target)) record(event.target);
}

/** Records what is typed in the tool's controls from now on. */
function startRecording() {
  if (recording) return;
  recording = true;
  // Capturing on the window: recorded before React, which hears the same keystroke on its root, hands it to the form.
  window.addEventListener('input', onTyped, true);
  window.addEventListener('change', onTyped, true);
}

function stopRecording() {
  recording = false;
  window.removeEventListener('input', onTyped, true);
  window.removeEventListener('change', onTyped, true);
  guard?.disconnect();
  guard = undefined;
  typed.clear();
}

/**
 * The tool's code has arrived: from now on, a control its form takes over keeps what the visitor typed in it.
 * Hydration writes a text area's default into it again (its text, then its value) and may pause before the form
 * takes it over; the change to its text is the sign to give the typed text back before the visitor types on.
 */
export function startHandingOver(): void {
  handing = true;
  // Hydration has not begun: the controls still hold all that was typed, before the application started too.
  for (const control of controls()) if (typed.has(control) || changed(control)) record(control);
  const tool = document.querySelector(TOOL);
  if (!recording || guard || !tool) return;
  guard = new MutationObserver(() => {
    for (const [control, entry] of typed) if (!taken.has(control)) giveBack(control, entry);
  });
  guard.observe(tool, { subtree: true, childList: true, characterData: true });
}

/** Sets a value through the native setter, which React's change tracking does not see, so the event that follows counts as a change. */
function setNative(control: Control, value: string) {
  Object.getOwnPropertyDescriptor(Object.getPrototypeOf(control) as object, 'value')?.set?.call(control, value);
}

/** Puts back what the visitor typed, and the caret where it was, if something else was written over it. */
function giveBack(control: Control, entry: Typed) {
  if (control.value === entry.value) return;
  setNative(control, entry.value);
  if (entry.selection && !(control instanceof HTMLSelectElement)) control.setSelectionRange(...entry.selection);
}

/** Gives the form a control's value as if typed now: an event React answers as a change. */
function announce(control: Control) {
  control.dispatchEvent(new Event(control instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }));
}

/** Controls holding what the visitor typed, not yet taken over by their form; the held presses wait for them. */
const awaited = new Set<Element>();
let replay: (() => void) | undefined;

/**
 * Wraps a form's ref for a native control so that the form, which writes its default into the
 * control as it takes it over, keeps what the visitor typed before the page hydrated, and hears it.
 */
export function keepTyped<T extends Element>(ref: (element: T | null) => void): (element: T | null) => void {
  return (element) => {
    const control = element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement || element instanceof HTMLSelectElement ? element : null;
    if (!handing || !control || taken.has(control)) return ref(element);
    // Hydration may already have written the default back, so the record, not the control, says what was typed.
    const entry = typed.get(control) ?? (changed(control) ? { value: control.value, selection: selectionOf(control) } : undefined);
    taken.add(control);
    typed.delete(control);
    ref(element);
    if (entry) giveBack(control, entry);
    // The control is committed but its change handler may not be: tell the form once this commit is done.
    queueMicrotask(() => {
      if (entry) announce(control);
      awaited.delete(control);
      if (awaited.size === 0) replay?.();
    });
  };
}

/**
 * Once the tool has hydrated: stops holding presses, and presses again, in order, the buttons
 * pressed before, once every control holding typed text has been handed to its form (or after a
 * second, for a control no form takes over).
 */
export function releaseHeldPresses(): void {
  window.removeEventListener('click', hold, true);
  if (handing) for (const control of controls()) if (!taken.has(control) && (typed.has(control) || changed(control))) awaited.add(control);
  let done = false;
  replay = () => {
    if (done) return;
    done = true;
    replay = undefined;
    handing = false;
    stopRecording();
    awaited.clear();
    held.splice(0).forEach((button) => {
      if (button.isConnected) button.click();
    });
  };
  if (awaited.size === 0) replay();
  else setTimeout(() => replay?.(), 1000);
}
