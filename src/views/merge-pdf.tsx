/**
 * Merge PDF: files are appended (cut to the manifest's limit) and put in
 * order in a sortable list; the processor merges them in that order.
 */
import { Button } from '@radix-ui/themes';
import { Download } from 'lucide-react';
import { DropZone } from '../engine/DropZone';
import { ToolFrame } from '../engine/ToolPage';
import { useToolPage } from '../engine/useToolPage';
import type { ToolViewProps } from '../engine/view-modules';
import { t } from '../lib/i18n/messages';
import { FileRow } from './shared/FileRow';
import { fileKey } from './shared/mock-pages';
import { SortableList } from './shared/SortableList';

/** Merge list maximum height (specification section 9). */
const LIST_MAX_HEIGHT = 300;

export default function MergePdfView({ manifest }: ToolViewProps) {
  // The button is enabled from the first file, so a single file gets the "at least two" message rather than a dead button.
  const page = useToolPage(manifest);
  const { run } = page;
  return (
    <ToolFrame
      page={page}
      input={
        <>
          <DropZone manifest={manifest} onFiles={run.addFiles} disabled={run.running} />
          <SortableList
            items={run.files}
            itemKey={fileKey}
            itemLabel={(file) => file.name}
            renderItem={(file) => <FileRow file={file} preview={run.real} />}
            onChange={run.setFiles}
            label={t('pdf-views.merge.listLabel')}
            disabled={run.running}
            maxHeight={LIST_MAX_HEIGHT}
          />
        </>
      }
      afterControls={
        run.files.length > 0 &&
        run.results.length === 0 && (
          <Button type="button" variant="soft" disabled={run.running} onClick={() => run.download()}>
            <Download size={16} aria-hidden="true" /> {t('pdf-views.merge.download')}
          </Button>
        )
      }
    />
  );
}
