/**
 * Crop PDF: the visitor picks a page, draws the area to keep on its preview
 * (or types the margins), and applies it to every page or this page only.
 * The processor gets crop {x, y, width, height} as fractions of the page.
 */
import { Text } from '@radix-ui/themes';
import { useEffect, useState, type FormEvent } from 'react';
import { useDemoMode } from '../engine/demo-mode';
import { DropZone } from '../engine/DropZone';
import { FileList } from '../engine/FileList';
import { notify } from '../engine/notify';
import { firstErrorMessage, OptionsForm, useToolOptions } from '../engine/OptionsForm';
import { ResultList } from '../engine/ResultList';
import { RunControls } from '../engine/RunControls';
import { canRun, ToolHeader } from '../engine/ToolPage';
import { useToolRun } from '../engine/useToolRun';
import type { ToolViewProps } from '../engine/view-modules';
import { CropArea } from './shared/CropArea';
import { hasArea, type CropBox } from './shared/crop-box';
import { PageNavigator } from './shared/PageNavigator';
import { PagePreview } from './shared/PagePreview';
import { usePdfDocument } from './shared/usePdfDocument';

/** The box offered before the visitor draws one: 10% off every edge. */
const START_BOX: CropBox = { x: 0.1, y: 0.1, width: 0.8, height: 0.8 };
const PREVIEW_SIZE = 420;

export default function CropPdfView({ manifest }: ToolViewProps) {
  const run = useToolRun(manifest);
  const form = useToolOptions(manifest, run.facts);
  const real = !useDemoMode() && !!manifest.processor;
  const file = run.files[0];
  const pdf = usePdfDocument(real ? file : undefined);
  const [box, setBox] = useState<CropBox>(START_BOX);
  const [page, setPage] = useState(0);
  const values = form.watch();

  useEffect(() => {
    setPage(0);
    setBox(START_BOX);
  }, [file]);
  const pageCount = pdf.pageCount ?? 1;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!file) return void run.run({});
    if (!hasArea(box)) return void notify.error(manifest.messages.emptyCrop);
    void form.handleSubmit(
      (options) => run.run({ ...options, crop: { ...box }, page }),
      (errors) => notify.error(firstErrorMessage(manifest, errors as never)),
    )();
  };

  return (
    <div className="tool-page">
      <ToolHeader manifest={manifest} />
      <form className="tool-work" onSubmit={submit} noValidate>
        <DropZone manifest={manifest} onFiles={run.addFiles} disabled={run.running} />
        <FileList files={run.files} onChange={run.setFiles} disabled={run.running} />
        {pdf.error && <p className="pdfv-inline-error">{pdf.error}</p>}
        {file && (
          <>
            {pdf.doc && (
              <PageNavigator page={page} pageCount={pageCount} onChange={setPage} label="Preview page" testId="crop-page" />
            )}
            <Text as="p" className="pdfv-aside">
              Drag on the page to draw the area to keep, or type how much to trim from each edge.
            </Text>
            <CropArea box={box} onChange={setBox} disabled={run.running}>
              <PagePreview doc={pdf.doc} page={page} size={PREVIEW_SIZE} real={real} />
            </CropArea>
            <OptionsForm manifest={manifest} form={form} facts={run.facts} disabled={run.running} />
          </>
        )}
        <RunControls
          manifest={manifest}
          running={run.running}
          disabled={!canRun(run, values) || (real && !pdf.doc)}
          progress={run.progress}
          onCancel={run.cancel}
        />
      </form>
      <ResultList results={run.results} onDownload={run.download} onDownloadAll={run.downloadAll} />
    </div>
  );
}
