/** The unit direction of an arrow key as [dx, dy] (y grows downwards, as on screen); undefined for any other key. */
export function arrowDelta(key: string): readonly [number, number] | undefined {
  return ARROWS[key];
}

const ARROWS: Readonly<Record<string, readonly [number, number]>> = {
  ArrowLeft: [-1, 0],
  ArrowRight: [1, 0],
  ArrowUp: [0, -1],
  ArrowDown: [0, 1],
};
