/**
 * A page for typed text hydrates its tool when the visitor first reaches for it
 * (ToolRoute's StartWhenReached), so the page goes live without its form and view code.
 * Until then its pre-rendered controls work as plain HTML: text can be typed, a
 * choice made, and this module keeps what the page would otherwise lose:
 *
 * - a press of one of the tool's buttons is held and pressed again once the tool
 *   has hydrated (React drops an event on content it has not hydrated yet);
 * - what was typed or chosen is read back into the hydrated form (keepTyped).
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

/** Resolves at the visitor's first move on the page; from then until releaseHeldPresses(), presses of the tool's buttons are held. */
export function whenReached(): Promise<void> {
  reached ??= new Promise<void>((resolve) => {
    window.addEventListener('click', hold, true);
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
function controls(): Control[] {
  return [
    ...document.querySelectorAll<Control>(
      `${TOOL} textarea[name], ${TOOL} select[name], ${TOOL} input[name]:not([type="checkbox"], [type="radio"], [type="file"], [type="hidden"])`,
    ),
  ];
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

/** The tool's code has arrived: from now on, a control its form takes over keeps what the visitor typed in it. */
export function startHandingOver(): void {
  handing = true;
}

/** Sets a value through the native setter, which React's change tracking does not see, so the event that follows counts as a change. */
function setNative(control: Control, value: string) {
  Object.getOwnPropertyDescriptor(Object.getPrototypeOf(control) as object, 'value')?.set?.call(control, value);
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
    taken.add(control);
    const typed = changed(control) ? control.value : undefined;
    ref(element);
    if (typed !== undefined && control.value !== typed) setNative(control, typed);
    // The control is committed but its change handler may not be: tell the form once this commit is done.
    queueMicrotask(() => {
      if (typed !== undefined) announce(control);
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
  if (handing) for (const control of controls()) if (!taken.has(control) && changed(control)) awaited.add(control);
  let done = false;
  replay = () => {
    if (done) return;
    done = true;
    replay = undefined;
    handing = false;
    awaited.clear();
    held.splice(0).forEach((button) => {
      if (button.isConnected) button.click();
    });
  };
  if (awaited.size === 0) replay();
  else setTimeout(() => replay?.(), 1000);
}
