/**
 * The batch-mode part of a page: a heading and a button that opens the batch
 * panel (loaded only then). Tool pages show it for tools whose files each give
 * their own results and need nothing but the options form; workflow pages for
 * chains whose steps all work file by file.
 */
import { Button } from '@radix-ui/themes';
import { FolderTree } from 'lucide-react';
import { lazy, Suspense, useMemo, useState, type ReactNode } from 'react';
import type { OptionValues, ToolManifest } from '../../../schemas/manifest';
import { loadOptionsForm, OptionsForm } from '../options-form-lazy';
import { validateOptions } from '../validate-options';
import { batchSupport } from '../../core/capability';
import type { ToolPageState } from '../tool-page-state';
import { toolBatch, type BatchTarget } from './tool-batch';
import { t } from '../../lib/i18n/messages';

const BatchPanel = lazy(() => import('./BatchPanel'));

/** Tools batch mode serves: real, one result set per file, no input but files and options. */
export function hasBatchMode(manifest: ToolManifest): boolean {
  return batchSupport(manifest).ok;
}

interface BatchDisclosureProps {
  target: BatchTarget;
  /** The validated options, or null when the page said what is wrong. */
  options(): Promise<OptionValues | null>;
  slug: string;
  /** Shown above the panel once it is open (the options, when the page does not show them yet). */
  children?: ReactNode;
  /** Called when the panel opens. */
  onOpen?(): void;
}

export function BatchDisclosure({ target, options, slug, children, onOpen }: BatchDisclosureProps) {
  const [open, setOpen] = useState(false);
  return (
    <section className="batch" aria-labelledby="batch-title">
      <h2 id="batch-title" className="batch-title">
        {t('engine.batch.title')}
      </h2>
      <p className="batch-intro">{t('engine.batch.intro')}</p>
      {!open ? (
        <Button type="button" variant="soft" onClick={() => {
            setOpen(true);
            onOpen?.();
          }}>
          <FolderTree size={16} aria-hidden="true" /> {t('engine.batch.open')}
        </Button>
      ) : (
        <>
          {children}
          <Suspense fallback={<p className="batch-status">{t('engine.batch.loading')}</p>}>
            <BatchPanel target={target} options={options} slug={slug} />
          </Suspense>
        </>
      )}
    </section>
  );
}

/** Batch mode on a tool page, with the page's own options form. */
export function BatchSection({ page }: { page: ToolPageState }) {
  const { manifest, run, form } = page;
  const target = useMemo(() => toolBatch(manifest), [manifest]);
  if (!hasBatchMode(manifest) || !run.real) return null;
  // Until the options form has loaded (it loads as the panel opens), the options are their defaults.
  const options = () => (form ? validateOptions(form, manifest) : Promise.resolve(page.values));
  return (
    <BatchDisclosure target={target} options={options} slug={manifest.slug} onOpen={() => void loadOptionsForm()}>
      {run.files.length === 0 && form && (
        <Suspense fallback={null}>
          <OptionsForm manifest={manifest} form={form} facts={run.facts} />
        </Suspense>
      )}
    </BatchDisclosure>
  );
}
