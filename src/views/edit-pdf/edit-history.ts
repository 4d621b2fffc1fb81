/**
 * The Edit PDF objects with undo and redo, as a pure reducer. A run of
 * updates with the same `group` (one drag, one burst of typing, repeated
 * arrow-key moves) is one undo step.
 */
import type { EditObject } from './edit-objects';

export interface EditHistory {
  past: EditObject[][];
  present: EditObject[];
  future: EditObject[][];
  /** The group of the last update, so the next update of the same group joins its step. */
  group: string | null;
}

export type EditAction =
  | { type: 'add'; object: EditObject }
  | { type: 'update'; id: string; changes: Partial<Omit<EditObject, 'id'>>; group?: string }
  | { type: 'remove'; id: string }
  | { type: 'undo' }
  | { type: 'redo' }
  /** Ends the current group, so the next update starts a new step. */
  | { type: 'commit' }
  | { type: 'reset' };

/** Undo steps kept; older ones are forgotten. */
export const MAX_UNDO = 100;

export const EMPTY_HISTORY: EditHistory = { past: [], present: [], future: [], group: null };

function step(state: EditHistory, present: EditObject[], group: string | null = null): EditHistory {
  return { past: [...state.past, state.present].slice(-MAX_UNDO), present, future: [], group };
}

/** The next history after an action; unknown ids and empty stacks leave it unchanged. */
export function editReducer(state: EditHistory, action: EditAction): EditHistory {
  switch (action.type) {
    case 'add':
      return step(state, [...state.present, action.object]);
    case 'update': {
      const target = state.present.find((o) => o.id === action.id);
      if (!target) return state;
      const present = state.present.map((o) => (o === target ? { ...o, ...action.changes } : o));
      if (action.group && action.group === state.group) return { ...state, present, future: [] };
      return step(state, present, action.group ?? null);
    }
    case 'remove':
      if (!state.present.some((o) => o.id === action.id)) return state;
      return step(
        state,
        state.present.filter((o) => o.id !== action.id),
      );
    case 'undo': {
      if (state.past.length === 0) return state;
      return { past: state.past.slice(0, -1), present: state.past[state.past.length - 1], future: [state.present, ...state.future], group: null };
    }
    case 'redo': {
      if (state.future.length === 0) return state;
      return { past: [...state.past, state.present], present: state.future[0], future: state.future.slice(1), group: null };
    }
    case 'commit':
      return state.group === null ? state : { ...state, group: null };
    case 'reset':
      return EMPTY_HISTORY;
  }
}
