/**
 * Edit PDF: the visitor draws text boxes, white-out, shapes and images on
 * page previews, moves and deletes them (mouse or keyboard), undoes and
 * redoes, and saves. With Edit text on, the text already on the page can be
 * chosen and changed, moved or removed (read by PDFium, which loads then).
 * The processor gets { edits, textEdits } with boxes as fractions of the
 * displayed page.
 */
import { Button, Text } from '@radix-ui/themes';
import { useEffect, useReducer, useRef, useState, type KeyboardEvent } from 'react';
import { notify } from '../engine/notify';
import { PdfThumbnail } from '../engine/pdf-pages/PdfThumbnail';
import { useToolPage } from '../engine/useToolPage';
import type { ToolViewProps } from '../engine/view-modules';
import { t } from '../lib/i18n/messages';
import { readImageHeader } from '../lib/image/header';
import { fitScale } from '../lib/pdf/preview';
import { EMPTY_HISTORY, editReducer } from './edit-pdf/edit-history';
import { DEFAULT_STYLE, objectAt, toEdits, type EditObject, type EditStyle } from './edit-pdf/edit-objects';
import { usePageSize } from './edit-pdf/edit-page-size';
import { EditStage, type EditTool } from './edit-pdf/edit-stage';
import { EditToolbar } from './edit-pdf/edit-toolbar';
import { runKey, toTextEdits, untouched, type TextChange, type TextRun } from './edit-pdf/text-edits';
import { TextPanel, TextStage } from './edit-pdf/text-stage';
import { useTextRuns } from './edit-pdf/useTextRuns';
import { PageNavigator } from './shared/PageNavigator';
import { ShownPageFrame, useShownPage } from './shared/useShownPage';

const PREVIEW_SIZE = 560;
/** The demo page stands for an A4 sheet, in points. */
const MOCK_PAGE = { width: 595, height: 842 };
const CENTRE = { x: 0.5, y: 0.5 };
const imageProblem = () => t('pdf-views.edit.imageProblem');

function readDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}

export default function EditPdfView({ manifest }: ToolViewProps) {
  const [history, dispatch] = useReducer(editReducer, EMPTY_HISTORY);
  const objects = history.present;
  // The processor's edits are typed by its own schema; the page's option values are plain JSON.
  const [textMode, setTextMode] = useState(false);
  const [changes, setChanges] = useState<Map<string, TextChange>>(() => new Map());
  const [selectedRun, setSelectedRun] = useState<string | null>(null);
  const page = useToolPage(manifest, { beforeRun: () => ({ options: { edits: toEdits(objects), textEdits: toTextEdits(changes.values()) } }) });
  const { run } = page;
  const [tool, setTool] = useState<EditTool>('select');
  const [defaults, setDefaults] = useState<EditStyle>(DEFAULT_STYLE);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [focusText, setFocusText] = useState(false);
  const textField = useRef<HTMLTextAreaElement>(null);
  const shownPage = useShownPage(run, () => {
    setSelectedId(null);
    setTool('select');
    dispatch({ type: 'reset' });
    setChanges(new Map());
    setSelectedRun(null);
  });
  const { pdf, shown, setShown, pageCount } = shownPage;
  const measured = usePageSize(pdf.doc, shown + 1);
  const textRuns = useTextRuns(run.real ? shownPage.file : undefined, shown, textMode && !!pdf.doc);

  useEffect(() => {
    if (!focusText) return;
    textField.current?.focus();
    setFocusText(false);
  }, [focusText]);

  const size = measured ?? MOCK_PAGE;
  const scale = fitScale(size.width, size.height, PREVIEW_SIZE);
  const selected = objects.find((o) => o.id === selectedId) ?? null;
  const style: EditStyle = selected ? { color: selected.color, fontSize: selected.fontSize, strokeWidth: selected.strokeWidth } : defaults;
  const busy = run.running;

  const create = (object: EditObject) => {
    dispatch({ type: 'add', object });
    setSelectedId(object.id);
    setTool('select');
    if (object.kind === 'text') setFocusText(true);
  };
  const update = (id: string, changes: Partial<EditObject>, group: string) => dispatch({ type: 'update', id, changes, group });
  const remove = (id: string) => {
    dispatch({ type: 'remove', id });
    setSelectedId(null);
  };
  const goTo = (next: number) => {
    setShown(next);
    setSelectedId(null);
    setSelectedRun(null);
  };
  const changeRun = (textRun: TextRun, next: Partial<TextChange>) =>
    setChanges((old) => {
      const key = runKey(textRun);
      const copy = new Map(old);
      copy.set(key, { ...(old.get(key) ?? untouched(textRun)), ...next });
      return copy;
    });
  const resetRun = (key: string) =>
    setChanges((old) => {
      const copy = new Map(old);
      copy.delete(key);
      return copy;
    });
  const chosenRun = textRuns.status === 'ready' ? (textRuns.runs.find((r) => runKey(r) === selectedRun) ?? null) : null;
  const chosenChange = chosenRun ? (changes.get(runKey(chosenRun)) ?? untouched(chosenRun)) : null;
  const changedRuns = toTextEdits(changes.values()).length;
  const textToggle = (
    <Button
      type="button"
      variant={textMode ? 'solid' : 'soft'}
      aria-pressed={textMode}
      disabled={busy || (run.real && !pdf.doc)}
      onClick={() => {
        setTextMode((on) => !on);
        setSelectedId(null);
        setSelectedRun(null);
      }}
    >
      {changedRuns > 0 ? t('pdf-views.edit.textToggleChanged', { count: changedRuns }) : t('pdf-views.edit.textToggle')}
    </Button>
  );
  const preview = pdf.doc ? (
    <PdfThumbnail doc={pdf.doc} pageNumber={shown + 1} size={PREVIEW_SIZE} />
  ) : (
    <div
      className="pdfe-mock"
      style={{ width: Math.round(MOCK_PAGE.width * scale), height: Math.round(MOCK_PAGE.height * scale) }}
      role="img"
      aria-label={run.real ? t('pdf-views.edit.loadingPage') : t('pdf-views.edit.demoPage')}
    />
  );
  const changeStyle = (changes: Partial<EditStyle>) => {
    setDefaults((old) => ({ ...old, ...changes }));
    if (selected) update(selected.id, changes, `style-${selected.id}`);
  };
  const addImage = async (chosen: File) => {
    const bytes = new Uint8Array(await chosen.arrayBuffer());
    const header = readImageHeader(bytes);
    if (!header) return void notify.error(imageProblem());
    const image = await readDataUrl(new File([bytes], chosen.name, { type: `image/${header.format}` }));
    // Width / height as fractions of this page, so the picture keeps its proportions.
    const aspect = (header.width / header.height) * (size.height / size.width);
    create({ ...objectAt('image', shown, CENTRE, defaults, aspect), image });
  };

  const onKeyDown = (event: KeyboardEvent) => {
    const target = event.target as HTMLElement;
    // Text fields keep their own undo.
    if (busy || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName) || !(event.ctrlKey || event.metaKey)) return;
    const key = event.key.toLowerCase();
    if (key === 'z' || key === 'y') {
      event.preventDefault();
      dispatch({ type: key === 'y' || event.shiftKey ? 'redo' : 'undo' });
    }
  };

  return (
    <ShownPageFrame page={page} state={shownPage}>
      <div className="pdfe-editor" onKeyDown={onKeyDown}>
        {textMode && (
          <>
            <div className="pdfe-tools" role="toolbar" aria-label={t('pdf-views.edit.toolsLabel')}>
              {textToggle}
            </div>
            <TextStatus state={textRuns} demo={!run.real} />
            <TextPanel
              change={chosenChange}
              disabled={busy}
              onChange={(next) => chosenRun && changeRun(chosenRun, next)}
              onReset={() => chosenRun && resetRun(runKey(chosenRun))}
            />
          </>
        )}
        {!textMode && (
        <EditToolbar
          tool={tool}
          onTool={setTool}
          style={style}
          onStyle={changeStyle}
          selected={selected}
          onText={(text) => selected && update(selected.id, { text }, `text-${selected.id}`)}
          textField={textField}
          onImage={(chosen) => void addImage(chosen).catch(() => notify.error(imageProblem()))}
          onAdd={() => tool !== 'select' && create(objectAt(tool, shown, CENTRE, defaults))}
          onDelete={() => selected && remove(selected.id)}
          textToggle={textToggle}
          onUndo={() => dispatch({ type: 'undo' })}
          onRedo={() => dispatch({ type: 'redo' })}
          canUndo={history.past.length > 0}
          canRedo={history.future.length > 0}
          disabled={busy}
        />
        )}
        <Text as="p" className="pdfv-aside">
          {t('pdf-views.edit.help')}
        </Text>
        {pdf.doc && <PageNavigator page={shown} pageCount={pageCount} onChange={goTo} label={t('pdf-views.edit.pageNavigator')} testId="edit-page" />}
        {textMode ? (
          <TextStage
            page={shown}
            runs={textRuns.status === 'ready' ? textRuns.runs : []}
            changes={changes}
            selected={selectedRun}
            scale={scale}
            disabled={busy}
            onSelect={(r) => setSelectedRun(r ? runKey(r) : null)}
            onChange={changeRun}
          >
            {preview}
          </TextStage>
        ) : (
          <EditStage
            page={shown}
            objects={objects.filter((o) => o.page === shown)}
            selectedId={selectedId}
            tool={tool}
            style={defaults}
            scale={scale}
            disabled={busy}
            onCreate={create}
            onSelect={setSelectedId}
            onUpdate={update}
            onCommit={() => dispatch({ type: 'commit' })}
            onRemove={remove}
          >
            {preview}
          </EditStage>
        )}
      </div>
    </ShownPageFrame>
  );
}

/** Where the text editor is: loading PDFium (with its progress), a page without text, or a problem. */
function TextStatus({ state, demo }: { state: ReturnType<typeof useTextRuns>; demo: boolean }) {
  if (demo) return <Text as="p" className="pdfe-text-status">{t('pdf-views.edit.textDemo')}</Text>;
  if (state.status === 'loading') {
    const percent = Math.round(state.progress * 100);
    return (
      <p className="pdfe-text-status" role="status">
        {t('pdf-views.edit.textLoading', { percent })} <progress max={100} value={percent} aria-label={t('pdf-views.edit.textLoadingLabel')} />
      </p>
    );
  }
  if (state.status === 'error') return <p className="pdfv-inline-error">{state.message}</p>;
  if (state.status === 'ready' && state.runs.length === 0) return <p className="pdfe-text-status" role="status">{t('pdf-views.edit.noTextOnPage')}</p>;
  if (state.status === 'ready') return <Text as="p" className="pdfe-text-status">{t('pdf-views.edit.clickText')}</Text>;
  return null;
}
