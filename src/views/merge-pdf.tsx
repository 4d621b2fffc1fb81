/**
 * Merge PDF: files are appended (cut to the manifest's limit) and put in
 * order in a sortable list; the processor merges them in that order.
 */
import { Button } from '@radix-ui/themes';
import { Download } from 'lucide-react';
import type { FormEvent } from 'react';
import { useDemoMode } from '../engine/demo-mode';
import { DropZone } from '../engine/DropZone';
import { ResultList } from '../engine/ResultList';
import { RunControls } from '../engine/RunControls';
import { ToolHeader } from '../engine/ToolPage';
import { useToolRun } from '../engine/useToolRun';
import type { ToolViewProps } from '../engine/view-modules';
import { FileRow } from './shared/FileRow';
import { fileKey } from './shared/mock-pages';
import { SortableList } from './shared/SortableList';

/** Merge list maximum height (specification section 9). */
const LIST_MAX_HEIGHT = 300;

export default function MergePdfView({ manifest }: ToolViewProps) {
  const run = useToolRun(manifest);
  const preview = !useDemoMode() && !!manifest.processor;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    // run() itself answers fewer than two files with the manifest's tooFewFiles message.
    void run.run({});
  };
  return (
    <div className="tool-page">
      <ToolHeader manifest={manifest} />
      <form className="tool-work" onSubmit={submit} noValidate>
        <DropZone manifest={manifest} onFiles={run.addFiles} disabled={run.running} />
        <SortableList
          items={run.files}
          itemKey={fileKey}
          itemLabel={(file) => file.name}
          renderItem={(file) => <FileRow file={file} preview={preview} />}
          onChange={run.setFiles}
          label="Files to merge, in order"
          disabled={run.running}
          maxHeight={LIST_MAX_HEIGHT}
        />
        {/* Enabled from the first file, so a single file gets the "at least two" message rather than a dead button. */}
        <RunControls
          manifest={manifest}
          running={run.running}
          disabled={run.files.length === 0}
          progress={run.progress}
          onCancel={run.cancel}
        />
        {run.files.length > 0 && run.results.length === 0 && (
          <Button type="button" variant="soft" disabled={run.running} onClick={() => run.download()}>
            <Download size={16} aria-hidden="true" /> Download merged PDF
          </Button>
        )}
      </form>
      <ResultList results={run.results} onDownload={run.download} onDownloadAll={run.downloadAll} />
    </div>
  );
}
