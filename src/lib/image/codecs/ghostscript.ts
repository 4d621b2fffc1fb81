/**
 * EPS input: Ghostscript (src/lib/ghostscript.ts, loaded on first use)
 * renders the PostScript to a PNG at the chosen resolution, cropped to the
 * file's bounding box. -dSAFER keeps the PostScript away from the
 * (in-memory) file system; nothing else is reachable from inside the module.
 */
import { runGhostscript } from '../../ghostscript';

/** Renders the PostScript section of an EPS file to PNG bytes. */
export async function renderEps(postscript: Uint8Array, dpi: number): Promise<Uint8Array> {
  return runGhostscript({
    args: [
      '-q',
      '-dSAFER',
      '-dBATCH',
      '-dNOPAUSE',
      '-dEPSCrop',
      '-sDEVICE=png16m',
      '-dTextAlphaBits=4',
      '-dGraphicsAlphaBits=4',
      `-r${dpi}`,
      '-sOutputFile=/out.png',
      '/in.eps',
    ],
    inputs: { '/in.eps': postscript },
    output: '/out.png',
  });
}
