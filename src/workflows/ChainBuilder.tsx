/**
 * /workflows/new, the chain builder: pick a first tool, add steps (only tools
 * that take what the previous step makes are offered), set their options with
 * each tool's own form, move or remove steps, run the chain (ChainWork, as on
 * a workflow page), save it by name in this browser, or copy a link that
 * carries it. Opening such a link restores the chain once it passes
 * validateWorkflow; a broken link gives an Error toast and an empty builder.
 */
import { Button, IconButton, TextField } from '@radix-ui/themes';
import { ArrowDown, ArrowUp, Link2, Save, X } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { OptionValues } from '../../schemas/manifest';
import { BUILDER_PATH } from '../engine/catalogue-summary';
import { acceptsAny, describeTypes, producesWith } from '../core/chain';
import { notify } from '../engine/notify';
import { defaultOptions } from '../contract/option-values';
import type { StepRunner } from '../core/run-chain';
import { loadToolManifest } from '../engine/tool-manifest';
import { usePageReady } from '../lib/page-ready';
import { pageTitle } from '../site/constants';
import { SiteIcon } from '../site/SiteIcon';
import { useDocumentTitle } from '../site/useDocumentTitle';
import { AddStep } from './AddStep';
import { asWorkflow, chainError, chainHash, deleteChain, readChainHash, saveChain, savedChains, shareableStep, type ChainData, type SavedChain } from './chain-link';
import { chainTools, toolsTaking } from './chain-tools';
import { ChainWork, type ChainEntry } from './ChainWork';
import { SavedChains } from './SavedChains';
import { WorkflowHeader } from './WorkflowHeader';
import { t } from '../lib/i18n/messages';

/** The check of a chain against its tools loads zod, so it loads when a chain is opened, saved or shared. */
const checkChain = async (raw: unknown) => (await import('./chain-check')).checkChain(raw);

export const builderTitle = () => t('workflow.builder.title');
export const builderDescription = () => t('workflow.builder.description');
export const twoStepsMessage = () => t('workflow.builder.twoSteps');
export const unreadableLinkMessage = () => t('workflow.builder.unreadableLink');

/** A validation error as a sentence: "Step 2 (protect-pdfs): there is no tool with this slug." */
function sentence(error: string): string {
  const reason = chainError(error);
  return `${reason.charAt(0).toUpperCase()}${reason.slice(1)}${/[.。।]$/.test(reason) ? '' : '.'}`;
}

/** The Error toast of a link whose chain does not pass validation. */
export function invalidLinkMessage(error: string): string {
  return t('workflow.builder.invalidLink', { reason: sentence(error) });
}

/** The Error toast of a saved chain that no longer passes validation (a tool changed since). */
export function invalidSavedMessage(name: string, error: string): string {
  return t('workflow.builder.invalidSaved', { name, reason: sentence(error) });
}

export function ChainBuilder({ runStep }: { runStep?: StepRunner }) {
  usePageReady();
  useDocumentTitle(pageTitle(builderTitle()));
  const [entries, setEntries] = useState<ChainEntry[]>([]);
  const [values, setValues] = useState<Record<string, OptionValues>>({});
  const [saved, setSaved] = useState<SavedChain[]>([]);
  const [name, setName] = useState('');
  const [link, setLink] = useState('');
  const nextKey = useRef(0);
  const addSelect = useRef<HTMLSelectElement>(null);
  const newKey = () => `step-${++nextKey.current}`;

  /** Opens a chain from a link or the saved list; `failed` words the toast when it does not pass. */
  const open = useCallback(async (raw: unknown, failed: (error: string) => string) => {
    const steps = (raw as { steps?: unknown } | null)?.steps;
    if (!Array.isArray(steps) || steps.length < 2) {
      notify.error(failed(t('workflow.builder.fewerThanTwoSteps')));
      setEntries([]);
      return;
    }
    const check = await checkChain(asWorkflow(raw));
    if (!check.ok) {
      notify.error(failed(check.errors[0]));
      setEntries([]);
      return;
    }
    setEntries(check.workflow.steps.map((s, i) => ({ key: newKey(), manifest: check.manifests[i], options: s.options, ask: s.ask })));
  }, []);

  // A link's chain and the saved list exist only in the browser: read once the page is live (after hydration).
  useEffect(() => {
    setSaved(savedChains());
    const restore = () => {
      const raw = readChainHash(location.hash);
      if (raw === null) return;
      if (raw === 'unreadable') {
        notify.error(unreadableLinkMessage());
        setEntries([]);
      } else void open(raw, invalidLinkMessage);
    };
    restore();
    window.addEventListener('hashchange', restore);
    return () => window.removeEventListener('hashchange', restore);
  }, [open]);

  const onValues = useCallback((key: string, v: OptionValues) => setValues((old) => ({ ...old, [key]: { ...v } })), []);
  const valuesOf = (entry: ChainEntry) => values[entry.key] ?? entry.options;
  const made = (index: number) => producesWith(entries[index].manifest, valuesOf(entries[index]));
  const last = entries.length - 1;

  const add = async (slug: string) => {
    const manifest = await loadToolManifest(slug);
    if (!manifest) return;
    setEntries((old) => [...old, { key: newKey(), manifest, options: defaultOptions(manifest.options), ask: [] }]);
    addSelect.current?.focus();
  };
  const move = (from: number, to: number) =>
    setEntries((old) => {
      const next = [...old];
      next.splice(to, 0, ...next.splice(from, 1));
      return next;
    });
  const remove = (index: number) => {
    setEntries((old) => old.filter((_, i) => i !== index));
    addSelect.current?.focus();
  };

  const stepProblem = (index: number): string | null => {
    if (index === 0) return null;
    const makes = made(index - 1);
    if (acceptsAny(entries[index].manifest.accept, makes)) return null;
    return t('workflow.builder.stepProblem', { takes: describeTypes(entries[index].manifest.accept), previous: index, makes: describeTypes(makes) });
  };

  /** The chain as it stands, checked as a link's would be; null after an Error toast. */
  const currentChain = async (): Promise<ChainData | null> => {
    if (entries.length < 2) {
      notify.error(twoStepsMessage());
      return null;
    }
    const chain = { steps: entries.map((e) => shareableStep(e.manifest, valuesOf(e), e.ask)) };
    const check = await checkChain(asWorkflow(chain));
    if (!check.ok) {
      notify.error(sentence(check.errors[0]));
      return null;
    }
    return chain;
  };

  const save = async () => {
    const trimmed = name.trim();
    if (!trimmed) return notify.error(t('workflow.share.nameMissing'));
    const chain = await currentChain();
    if (!chain) return;
    setSaved(saveChain({ name: trimmed, ...chain }));
    notify.success(t('workflow.share.saved', { name: trimmed }));
  };

  const copyLink = async () => {
    const chain = await currentChain();
    if (!chain) return;
    const url = `${location.origin}${BUILDER_PATH}#${chainHash(chain)}`;
    // The address bar carries the chain too; the router's state is kept as it is.
    window.history.replaceState(window.history.state, '', url);
    setLink(url);
    try {
      await navigator.clipboard.writeText(url);
      notify.success(t('workflow.share.linkCopied'));
    } catch {
      notify.info(t('workflow.share.copyBelow'));
    }
  };

  const offered = last < 0 ? chainTools : toolsTaking(made(last));
  return (
    <div className="tool-page chain-builder">
      <WorkflowHeader icon={<SiteIcon name="Workflow" size={28} />} title={builderTitle()} description={builderDescription()} badge={false} />
      <SavedChains
        chains={saved}
        onOpen={(chain) => void open(chain, (error) => invalidSavedMessage(chain.name, error))}
        onDelete={(n) => setSaved(deleteChain(n))}
      />
      <ChainWork
        entries={entries}
        name="my-workflow"
        runStep={runStep}
        onValues={onValues}
        stepProblem={stepProblem}
        stepActions={(i, running) => (
          <>
            <IconButton type="button" size="1" variant="soft" aria-label={t('workflow.builder.moveUp', { number: i + 1 })} disabled={running || i === 0} onClick={() => move(i, i - 1)}>
              <ArrowUp size={14} />
            </IconButton>
            <IconButton type="button" size="1" variant="soft" aria-label={t('workflow.builder.moveDown', { number: i + 1 })} disabled={running || i === last} onClick={() => move(i, i + 1)}>
              <ArrowDown size={14} />
            </IconButton>
            <IconButton type="button" size="1" variant="soft" color="red" aria-label={t('workflow.builder.remove', { number: i + 1 })} disabled={running} onClick={() => remove(i)}>
              <X size={14} />
            </IconButton>
          </>
        )}
        afterSteps={
          <AddStep
            offered={offered}
            after={last < 0 ? undefined : { number: last + 1, makes: describeTypes(made(last)) }}
            onAdd={(slug) => void add(slug)}
            selectRef={addSelect}
          />
        }
      />
      {entries.length > 0 && (
        <section className="chain-share" aria-labelledby="chain-share-title">
          <h2 id="chain-share-title" className="chain-steps-title">
            {t('workflow.share.title')}
          </h2>
          <div className="chain-share-row">
            <TextField.Root className="chain-name" placeholder={t('workflow.share.namePlaceholder')} aria-label={t('workflow.share.nameLabel')} value={name} onChange={(e) => setName(e.target.value)} />
            <Button type="button" variant="soft" onClick={() => void save()}>
              <Save size={16} aria-hidden="true" /> {t('workflow.share.save')}
            </Button>
            <Button type="button" variant="soft" onClick={() => void copyLink()}>
              <Link2 size={16} aria-hidden="true" /> {t('workflow.share.copyLink')}
            </Button>
          </div>
          {link && <TextField.Root readOnly value={link} aria-label={t('workflow.share.linkLabel')} data-testid="chain-link" onFocus={(e) => e.currentTarget.select()} />}
        </section>
      )}
    </div>
  );
}
