/**
 * A picture with one box on it that the visitor places: the stage hands
 * pointer drags to the view (usePointerDrag), and the box is a focusable group
 * for the view's arrow keys, placed in percent of the stage so that it follows
 * the picture at whatever size the picture is shown.
 */
import type { HTMLAttributes, ReactNode, RefObject } from 'react';
import { usePointerDrag } from './usePointerDrag';

/** What a drag on the stage starts and does, as usePointerDrag takes it. */
export type StageDrag<D> = Parameters<typeof usePointerDrag<D>>[1];

interface DragStageProps<D> {
  stageRef: RefObject<HTMLDivElement | null>;
  drag: StageDrag<D>;
  className: string;
  testId: string;
  children: ReactNode;
}

export function DragStage<D>({ stageRef, drag, className, testId, children }: DragStageProps<D>) {
  const pointer = usePointerDrag(stageRef, drag);
  return (
    <div ref={stageRef} className={className} data-testid={testId} {...pointer}>
      {children}
    </div>
  );
}

/** A rectangle from the stage's top-left corner, in the units of the size it is given with. */
export interface StageRect {
  x: number;
  y: number;
  width: number;
  height: number;
}

interface StageBoxProps extends Omit<HTMLAttributes<HTMLDivElement>, 'role' | 'tabIndex' | 'style' | 'aria-label'> {
  rect: StageRect;
  /** The stage's size in the units of `rect`; without it, `rect` is in fractions of the stage. */
  of?: { width: number; height: number };
  label: string;
  disabled?: boolean;
}

/** Finds the box by the attribute StageBox marks it with, so that a press can tell the box from the picture around it. */
const STAGE_BOX = '[data-stage-box]';

export function StageBox({ rect, of = { width: 1, height: 1 }, label, disabled, children, ...attributes }: StageBoxProps) {
  const percent = (value: number, whole: number) => `${(value / whole) * 100}%`;
  const style = { left: percent(rect.x, of.width), top: percent(rect.y, of.height), width: percent(rect.width, of.width), height: percent(rect.height, of.height) };
  return (
    <div {...attributes} data-stage-box="" role="group" tabIndex={disabled ? -1 : 0} aria-label={label} style={style}>
      {children}
    </div>
  );
}

/** Whether a press on `target` landed on the stage's box (or on something inside it, such as a handle). */
export function isOnStageBox(target: Element): boolean {
  return target.closest(STAGE_BOX) !== null;
}

/** Gives the stage's box the keyboard focus, so the arrow keys move what was just pressed on. */
export function focusStageBox(stage: HTMLElement): void {
  (stage.querySelector(STAGE_BOX) as HTMLElement | null)?.focus({ preventScroll: true });
}
