// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import { useRef, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { layOutAt, pointerDrag } from '../../../tests/support/views';
import { DragStage, focusStageBox, isOnStageBox, StageBox, type StageDrag } from './DragStage';

/** A stage of 200 x 100 units whose box follows each drag, remembering where each press landed. */
function Stage({ presses }: { presses: string[] }) {
  const stage = useRef<HTMLDivElement>(null);
  const [x, setX] = useState(50);
  const drag: StageDrag<number> = {
    start(at, target) {
      presses.push(isOnStageBox(target) ? 'box' : 'picture');
      focusStageBox(stage.current!);
      return at.x;
    },
    move(from, at) {
      setX(50 + (at.x - from) * 200);
    },
  };
  return (
    <DragStage stageRef={stage} drag={drag} className="stage" testId="stage">
      <StageBox className="box" data-testid="box" rect={{ x, y: 25, width: 20, height: 50 }} of={{ width: 200, height: 100 }} label="The box">
        <span data-testid="handle" />
      </StageBox>
    </DragStage>
  );
}

describe('DragStage and StageBox', () => {
  it('places the box in percent of the stage, as a focusable group', () => {
    render(<Stage presses={[]} />);
    const box = screen.getByRole('group', { name: 'The box' });
    expect(box).toBe(screen.getByTestId('box'));
    expect(box).toHaveStyle({ left: '25%', top: '25%', width: '10%', height: '50%' });
    expect(box.tabIndex).toBe(0);
    expect(box).toHaveClass('box');
  });

  it('reads a rectangle without a size as fractions of the stage, and takes the box out of the tab order when disabled', () => {
    render(<StageBox rect={{ x: 0.1, y: 0.2, width: 0.3, height: 0.4 }} label="Fractions" disabled />);
    const box = screen.getByRole('group', { name: 'Fractions' });
    expect(box).toHaveStyle({ left: '10%', top: '20%', width: '30%', height: '40%' });
    expect(box.tabIndex).toBe(-1);
  });

  it('hands drags to the view, tells the box from the picture and focuses the box', () => {
    const presses: string[] = [];
    render(<Stage presses={presses} />);
    const stage = layOutAt(screen.getByTestId('stage'), 200, 100);
    pointerDrag(screen.getByTestId('handle'), [60, 50], [100, 50]);
    expect(presses).toEqual(['box']);
    expect(document.activeElement).toBe(screen.getByTestId('box'));
    expect(screen.getByTestId('box')).toHaveStyle({ left: '45%' });
    pointerDrag(stage, [10, 10], [10, 10]);
    expect(presses).toEqual(['box', 'picture']);
  });
});
