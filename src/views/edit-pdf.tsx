/**
 * Edit PDF: the visitor draws text boxes, white-out, shapes and images on
 * page previews, moves and deletes them (mouse or keyboard), undoes and
 * redoes, and saves. The processor gets { edits } with boxes as fractions of
 * the displayed page.
 */
import { Text } from '@radix-ui/themes';
import { useEffect, useReducer, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import type { OptionValue } from '../../schemas/manifest';
import { useDemoMode } from '../engine/demo-mode';
import { DropZone } from '../engine/DropZone';
import { FileList } from '../engine/FileList';
import { notify } from '../engine/notify';
import { ResultList } from '../engine/ResultList';
import { RunControls } from '../engine/RunControls';
import { canRun, ToolHeader } from '../engine/ToolPage';
import { useToolRun } from '../engine/useToolRun';
import type { ToolViewProps } from '../engine/view-modules';
import { readImageHeader } from '../lib/image/header';
import { fitScale } from '../lib/pdf/preview';
import { EMPTY_HISTORY, editReducer } from './shared/edit-history';
import { DEFAULT_STYLE, objectAt, toEdits, type EditObject, type EditStyle } from './shared/edit-objects';
import { usePageSize } from './shared/edit-page-size';
import { EditStage, type EditTool } from './shared/edit-stage';
import { EditToolbar } from './shared/edit-toolbar';
import { PageNavigator } from './shared/PageNavigator';
import { PdfThumbnail } from './shared/PdfThumbnail';
import { usePdfDocument } from './shared/usePdfDocument';

const PREVIEW_SIZE = 560;
/** The demo page stands for an A4 sheet, in points. */
const MOCK_PAGE = { width: 595, height: 842 };
const CENTRE = { x: 0.5, y: 0.5 };
const IMAGE_PROBLEM = 'Please choose a PNG or JPEG image.';

function readDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}

export default function EditPdfView({ manifest }: ToolViewProps) {
  const run = useToolRun(manifest);
  const real = !useDemoMode() && !!manifest.processor;
  const file = run.files[0];
  const pdf = usePdfDocument(real ? file : undefined);
  const [history, dispatch] = useReducer(editReducer, EMPTY_HISTORY);
  const [page, setPage] = useState(0);
  const [tool, setTool] = useState<EditTool>('select');
  const [defaults, setDefaults] = useState<EditStyle>(DEFAULT_STYLE);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [focusText, setFocusText] = useState(false);
  const textField = useRef<HTMLTextAreaElement>(null);
  const measured = usePageSize(pdf.doc, page + 1);

  useEffect(() => {
    setPage(0);
    setSelectedId(null);
    setTool('select');
    dispatch({ type: 'reset' });
  }, [file]);
  useEffect(() => {
    if (!focusText) return;
    textField.current?.focus();
    setFocusText(false);
  }, [focusText]);

  const pageCount = pdf.pageCount ?? 1;
  const size = measured ?? MOCK_PAGE;
  const scale = fitScale(size.width, size.height, PREVIEW_SIZE);
  const objects = history.present;
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
    setPage(next);
    setSelectedId(null);
  };
  const changeStyle = (changes: Partial<EditStyle>) => {
    setDefaults((old) => ({ ...old, ...changes }));
    if (selected) update(selected.id, changes, `style-${selected.id}`);
  };
  const addImage = async (chosen: File) => {
    const bytes = new Uint8Array(await chosen.arrayBuffer());
    const header = readImageHeader(bytes);
    if (!header) return void notify.error(IMAGE_PROBLEM);
    const image = await readDataUrl(new File([bytes], chosen.name, { type: `image/${header.format}` }));
    // Width / height as fractions of this page, so the picture keeps its proportions.
    const aspect = (header.width / header.height) * (size.height / size.width);
    create({ ...objectAt('image', page, CENTRE, defaults, aspect), image });
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

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void run.run(file ? { edits: toEdits(objects) as unknown as OptionValue } : {});
  };

  return (
    <div className="tool-page">
      <ToolHeader manifest={manifest} />
      <form className="tool-work" onSubmit={submit} onKeyDown={onKeyDown} noValidate>
        <DropZone manifest={manifest} onFiles={run.addFiles} disabled={busy} />
        <FileList files={run.files} onChange={run.setFiles} disabled={busy} />
        {pdf.error && <p className="pdfv-inline-error">{pdf.error}</p>}
        {file && (
          <>
            <EditToolbar
              tool={tool}
              onTool={setTool}
              style={style}
              onStyle={changeStyle}
              selected={selected}
              onText={(text) => selected && update(selected.id, { text }, `text-${selected.id}`)}
              textField={textField}
              onImage={(chosen) => void addImage(chosen).catch(() => notify.error(IMAGE_PROBLEM))}
              onAdd={() => tool !== 'select' && create(objectAt(tool, page, CENTRE, defaults))}
              onDelete={() => selected && remove(selected.id)}
              onUndo={() => dispatch({ type: 'undo' })}
              onRedo={() => dispatch({ type: 'redo' })}
              canUndo={history.past.length > 0}
              canRedo={history.future.length > 0}
              disabled={busy}
            />
            <Text as="p" className="pdfv-aside">
              Choose a tool and drag on the page to draw. Select an object to move it (drag or arrow keys), resize it (corner handle or
              Alt+arrow keys) or remove it (Delete). White-out covers what is under it but does not delete it: the hidden text stays in the
              file and can still be selected, copied or found by search.
            </Text>
            {pdf.doc && (
              <PageNavigator page={page} pageCount={pageCount} onChange={goTo} label="Page" testId="edit-page" />
            )}
            <EditStage
              page={page}
              objects={objects.filter((o) => o.page === page)}
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
              {pdf.doc ? (
                <PdfThumbnail doc={pdf.doc} pageNumber={page + 1} size={PREVIEW_SIZE} />
              ) : (
                <div
                  className="pdfe-mock"
                  style={{ width: Math.round(MOCK_PAGE.width * scale), height: Math.round(MOCK_PAGE.height * scale) }}
                  role="img"
                  aria-label={real ? 'Loading the page' : 'Page preview (demo)'}
                />
              )}
            </EditStage>
          </>
        )}
        <RunControls
          manifest={manifest}
          running={busy}
          disabled={!canRun(run, {}) || (real && !pdf.doc)}
          progress={run.progress}
          onCancel={run.cancel}
        />
      </form>
      <ResultList results={run.results} onDownload={run.download} onDownloadAll={run.downloadAll} />
    </div>
  );
}
