/**
 * Compare PDFs: the two chosen files listed as the older and the newer
 * version, in the order they were chosen, with a button that swaps them. The
 * processor takes the first as the older version.
 */
import { Button } from '@radix-ui/themes';
import { ArrowUpDown } from 'lucide-react';
import { DropZone } from '../engine/DropZone';
import { RemoveFileButton } from '../engine/RemoveFileButton';
import { ToolFrame } from '../engine/ToolPage';
import { useToolPage } from '../engine/useToolPage';
import type { ToolViewProps } from '../engine/view-modules';
import { t } from '../lib/i18n/messages';
import { FileRow } from './shared/FileRow';
import { fileKey } from './shared/mock-pages';
import './compare-pdfs/compare-pdfs.css';

export const versionLabels = () => [t('pdf-views.compare.olderVersion'), t('pdf-views.compare.newerVersion')] as const;

export default function ComparePdfsView({ manifest }: ToolViewProps) {
  // The button is enabled from the first file, so a single file gets the "two files" message rather than a dead button.
  const page = useToolPage(manifest);
  const { run } = page;
  const [older, newer] = run.files;
  const labels = versionLabels();
  return (
    <ToolFrame
      page={page}
      input={
        <>
          <DropZone manifest={manifest} onFiles={run.addFiles} disabled={run.running} />
          {run.files.length > 0 && (
            <ol className="compare-versions" aria-label={t('pdf-views.compare.listLabel')}>
              {run.files.map((file, i) => (
                <li key={fileKey(file)} className="compare-version">
                  <span className="compare-version-label">{labels[i]}</span>
                  <FileRow file={file} preview={run.real} />
                  <RemoveFileButton files={run.files} index={i} onChange={run.setFiles} disabled={run.running} />
                </li>
              ))}
            </ol>
          )}
          {older && newer && (
            <Button type="button" variant="soft" disabled={run.running} onClick={() => run.setFiles([newer, older])}>
              <ArrowUpDown size={16} aria-hidden="true" /> {t('pdf-views.compare.swap')}
            </Button>
          )}
          {run.files.length === 1 && <p className="compare-version-hint">{t('pdf-views.compare.addNewer')}</p>}
        </>
      }
    />
  );
}
