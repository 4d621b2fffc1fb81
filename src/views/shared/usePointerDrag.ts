/**
 * Dragging with a mouse, pen or finger over a stage element. A press with the
 * main button captures the pointer and asks the view what it starts (its own
 * drag state, or null for nothing); each move hands that state and the
 * pointer's place to the view; release or cancel ends it and hands the state
 * over one last time. Places are given as
 * fractions of the stage's box (not clamped) and in client pixels.
 */
import { useRef, type PointerEvent, type RefObject } from 'react';

export interface StagePoint {
  /** 0 at the stage's left edge, 1 at its right. */
  x: number;
  /** 0 at the stage's top edge, 1 at its bottom. */
  y: number;
  clientX: number;
  clientY: number;
  /** The stage's box when the event came. */
  bounds: DOMRect;
}

interface DragHandlers<D> {
  disabled?: boolean;
  /** A press on `target`: the drag it begins, or null. */
  start(at: StagePoint, target: Element): D | null;
  move(drag: D, at: StagePoint): void;
  /** The drag is over: the pointer was released or the gesture cancelled. */
  end?(drag: D): void;
}

export function usePointerDrag<D>(stage: RefObject<HTMLElement | null>, { disabled, start, move, end: ended }: DragHandlers<D>) {
  const drag = useRef<D | null>(null);
  const locate = (event: PointerEvent): StagePoint => {
    const bounds = stage.current!.getBoundingClientRect();
    const x = (event.clientX - bounds.left) / (bounds.width || 1);
    const y = (event.clientY - bounds.top) / (bounds.height || 1);
    return { x, y, clientX: event.clientX, clientY: event.clientY, bounds };
  };
  const end = () => {
    const finished = drag.current;
    drag.current = null;
    if (finished !== null) ended?.(finished);
  };
  return {
    onPointerDown(event: PointerEvent<HTMLElement>) {
      if (disabled || event.button !== 0) return;
      event.currentTarget.setPointerCapture?.(event.pointerId);
      event.preventDefault();
      drag.current = start(locate(event), event.target as Element);
    },
    onPointerMove(event: PointerEvent<HTMLElement>) {
      if (drag.current !== null) move(drag.current, locate(event));
    },
    onPointerUp: end,
    onPointerCancel: end,
  };
}
