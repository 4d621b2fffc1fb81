/**
 * The Edit PDF toolbar: drawing tools, Image, Add to page, Undo/Redo/Delete,
 * and the colour, size and text of the selected object (or of new objects
 * when nothing is selected).
 */
import { Button } from '@radix-ui/themes';
import { useRef, useState, type ReactNode, type RefObject } from 'react';
import { t } from '../../lib/i18n/messages';
import { kindLabel, type EditObject, type EditStyle } from './edit-objects';
import type { EditTool } from './edit-stage';
import './edit-pdf.css';

/** The tools, with their names in the page's language (called when the toolbar renders). */
const tools = (): { tool: EditTool; label: string }[] => [
  { tool: 'select', label: t('pdf-views.edit.tool.select') },
  ...(['text', 'whiteout', 'rect', 'ellipse', 'line'] as const).map((tool) => ({ tool, label: kindLabel(tool) })),
];

interface EditToolbarProps {
  /** The switch to editing the text already on the page. */
  textToggle?: ReactNode;
  tool: EditTool;
  onTool(tool: EditTool): void;
  /** The look shown in the controls: the selected object's, or the one for new objects. */
  style: EditStyle;
  onStyle(changes: Partial<EditStyle>): void;
  selected: EditObject | null;
  onText(text: string): void;
  textField: RefObject<HTMLTextAreaElement | null>;
  onImage(file: File): void;
  onAdd(): void;
  onDelete(): void;
  onUndo(): void;
  onRedo(): void;
  canUndo: boolean;
  canRedo: boolean;
  disabled?: boolean;
}

export function EditToolbar(props: EditToolbarProps) {
  const { tool, style, selected, disabled } = props;
  const imageInput = useRef<HTMLInputElement>(null);
  return (
    <div className="pdfe-toolbar">
      <div className="pdfe-tools" role="toolbar" aria-label={t('pdf-views.edit.toolsLabel')}>
        {tools().map(({ tool: each, label }) => (
          <Button key={each} type="button" variant={tool === each ? 'solid' : 'soft'} aria-pressed={tool === each} disabled={disabled} onClick={() => props.onTool(each)}>
            {label}
          </Button>
        ))}
        <Button type="button" variant="soft" disabled={disabled} onClick={() => imageInput.current?.click()}>
          {kindLabel('image')}
        </Button>
        <input
          ref={imageInput}
          type="file"
          accept="image/png,image/jpeg,.png,.jpg,.jpeg"
          hidden
          data-testid="edit-image-input"
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (file) props.onImage(file);
          }}
        />
        <Button type="button" variant="soft" disabled={disabled || tool === 'select'} onClick={props.onAdd}>
          {t('pdf-views.edit.addToPage')}
        </Button>
        {props.textToggle}
      </div>
      <div className="pdfe-tools" role="toolbar" aria-label={t('pdf-views.edit.historyLabel')}>
        <Button type="button" variant="soft" color="gray" disabled={disabled || !props.canUndo} onClick={props.onUndo} aria-keyshortcuts="Control+Z">
          {t('pdf-views.edit.undo')}
        </Button>
        <Button type="button" variant="soft" color="gray" disabled={disabled || !props.canRedo} onClick={props.onRedo} aria-keyshortcuts="Control+Y">
          {t('pdf-views.edit.redo')}
        </Button>
        <Button type="button" variant="soft" color="red" disabled={disabled || !selected} onClick={props.onDelete} aria-keyshortcuts="Delete">
          {t('pdf-views.edit.delete')}
        </Button>
      </div>
      <fieldset className="pdfe-props options" disabled={disabled}>
        <legend className="options-legend">{selected ? t('pdf-views.edit.selectedLegend', { kind: kindLabel(selected.kind) }) : t('pdf-views.edit.newObjectsLegend')}</legend>
        {selected?.kind === 'text' && (
          <label className="field">
            <span className="field-label">{t('pdf-views.edit.field.text')}</span>
            <textarea ref={props.textField} className="field-select" rows={3} value={selected.text} onChange={(e) => props.onText(e.target.value)} />
          </label>
        )}
        <label className="field">
          <span className="field-label">{t('pdf-views.edit.field.colour')}</span>
          <input type="color" className="field-color" value={style.color} onChange={(e) => props.onStyle({ color: e.target.value })} />
        </label>
        <NumberField label={t('pdf-views.edit.field.fontSize')} min={4} max={200} value={style.fontSize} onValue={(fontSize) => props.onStyle({ fontSize })} />
        <NumberField label={t('pdf-views.edit.field.lineWidth')} min={0.5} max={50} step={0.5} value={style.strokeWidth} onValue={(strokeWidth) => props.onStyle({ strokeWidth })} />
      </fieldset>
    </div>
  );
}

interface NumberFieldProps {
  label: string;
  min: number;
  max: number;
  step?: number;
  value: number;
  onValue(value: number): void;
}

/** A number box that may be cleared while typing; only values in range are applied. */
function NumberField({ label, min, max, step = 1, value, onValue }: NumberFieldProps) {
  const [draft, setDraft] = useState<string | null>(null);
  return (
    <label className="field">
      <span className="field-label">{label}</span>
      <input
        type="number"
        className="field-select"
        min={min}
        max={max}
        step={step}
        value={draft ?? String(value)}
        onChange={(e) => {
          setDraft(e.target.value);
          const n = Number(e.target.value);
          if (e.target.value.trim() !== '' && n >= min && n <= max) onValue(n);
        }}
        onBlur={() => setDraft(null)}
      />
    </label>
  );
}
