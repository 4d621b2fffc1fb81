/**
 * Splits a text into pieces of at most `max` characters at sentence ends
 * (else at spaces), so the engine speaks a long text piece by piece: the
 * first audio is ready early, progress can be shown and Cancel is honoured.
 */
export const CHUNK_CHARS = 800;

export function splitText(text: string, max = CHUNK_CHARS): string[] {
  const sentences = text.replace(/\r\n?/g, '\n').match(/[^.!?;\n]+(?:[.!?;]+|\n+|$)/g) ?? [];
  const pieces: string[] = [];
  let current = '';
  const push = () => {
    if (current.trim() !== '') pieces.push(current.trim());
    current = '';
  };
  for (const sentence of sentences) {
    if (current.length + sentence.length <= max) {
      current += sentence;
      continue;
    }
    push();
    // A sentence longer than a piece is cut at spaces, or hard when it has none.
    let rest = sentence;
    while (rest.length > max) {
      const space = rest.lastIndexOf(' ', max);
      const cut = space > max / 2 ? space : max;
      pieces.push(rest.slice(0, cut).trim());
      rest = rest.slice(cut);
    }
    current = rest;
  }
  push();
  return pieces;
}
