/**
 * eSign PDF: the visitor draws, types or uploads a signature, picks a page,
 * clicks its preview to place the signature box (then drags or resizes it,
 * or types its position), and signs. The processor gets the signature, the
 * box as fractions of the displayed page, and an optional date line.
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
import { PageNavigator } from './shared/PageNavigator';
import { PagePreview } from './shared/PagePreview';
import { SignaturePanel } from './shared/signature-panel';
import { SignaturePlacer, type PlacedBox } from './shared/signature-placer';
import { signatureAspect, SignatureLook, signatureOptions, type SignatureValue } from './shared/signature-value';
import { usePdfDocument } from './shared/usePdfDocument';

const PREVIEW_SIZE = 460;
/** The date line takes the bottom 28% of the box (as the processor draws it). */
const DATE_SHARE = 0.28;

/** Today as YYYY-MM-DD: unambiguous everywhere and in letters the embedded font has. */
function todayText(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

export default function EsignPdfView({ manifest }: ToolViewProps) {
  const run = useToolRun(manifest);
  const form = useToolOptions(manifest, run.facts);
  const real = !useDemoMode() && !!manifest.processor;
  const file = run.files[0];
  const pdf = usePdfDocument(real ? file : undefined);
  const [page, setPage] = useState(0);
  const [signature, setSignature] = useState<SignatureValue | null>(null);
  const [box, setBox] = useState<PlacedBox | null>(null);
  const values = form.watch();
  const withDate = values.addDate === true;

  useEffect(() => {
    setPage(0);
    setBox(null);
  }, [file]);
  const pageCount = pdf.pageCount ?? 1;
  const aspect = (signature ? signatureAspect(signature) : 3) * (withDate ? 1 - DATE_SHARE : 1);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!file) return void run.run({});
    if (!signature) return void notify.error(manifest.messages.noSignature);
    if (!box) return void notify.error(manifest.messages.noPlacement);
    void form.handleSubmit(
      (options) =>
        run.run({ ...options, ...signatureOptions(signature), placement: { page, ...box }, date: options.addDate ? todayText() : '' }),
      (errors) => notify.error(firstErrorMessage(manifest, errors as never)),
    )();
  };

  const look = signature && (
    <>
      <span className="sig-box-main">
        <SignatureLook signature={signature} />
      </span>
      {withDate && (
        <span className="sig-box-date">
          <span>{todayText()}</span>
        </span>
      )}
    </>
  );

  return (
    <div className="tool-page">
      <ToolHeader manifest={manifest} />
      <form className="tool-work" onSubmit={submit} noValidate>
        <DropZone manifest={manifest} onFiles={run.addFiles} disabled={run.running} />
        <FileList files={run.files} onChange={run.setFiles} disabled={run.running} />
        {pdf.error && <p className="pdfv-inline-error">{pdf.error}</p>}
        {file && (
          <>
            <SignaturePanel onChange={setSignature} disabled={run.running} />
            {pdf.doc && (
              <PageNavigator page={page} pageCount={pageCount} onChange={setPage} label="Page to sign" testId="sign-page" />
            )}
            <Text as="p" className="pdfv-aside">
              Click the page where your signature should go. Drag the box to move it, or its corner to resize it.
            </Text>
            <SignaturePlacer box={box} onChange={setBox} aspect={aspect} look={look} disabled={run.running}>
              <PagePreview doc={pdf.doc} page={page} size={PREVIEW_SIZE} real={real} />
            </SignaturePlacer>
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
