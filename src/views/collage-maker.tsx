/**
 * Collage Maker: the generic page plus the chosen layout drawn with the
 * pictures in its cells. Moving a picture between cells reorders the files,
 * and the processor fills the cells in file order, so the collage comes out
 * as shown. Layout, checks, run and naming are the engine's.
 */
import { ToolFrame } from '../engine/ToolPage';
import { useToolPage } from '../engine/useToolPage';
import type { ToolViewProps } from '../engine/view-modules';
import type { CollageLayout } from '../lib/image/ops/collage';
import { CollageCells } from './collage-maker/CollageCells';

export default function CollageMakerView({ manifest }: ToolViewProps) {
  const page = useToolPage(manifest);
  const { run, values } = page;
  return (
    <ToolFrame
      page={page}
      afterOptions={
        run.files.length > 0 && (
          <CollageCells files={run.files} layout={values.layout as CollageLayout} onChange={run.setFiles} disabled={run.running} />
        )
      }
    />
  );
}
