/**
 * Fill PDF Form: each page of the chosen form is shown with its fields over
 * it as real controls (in tab order, labelled by their tooltips or names),
 * so the visitor fills it where it is printed. On narrow screens the
 * controls drop below their page as a list. A CSV or JSON file chosen beside
 * the PDF gives the values instead (one filled copy per CSV row), and the
 * controls are then read only. The processor gets the typed values as
 * `values`, field name to value, only for the fields the visitor changed.
 */
import { Text } from '@radix-ui/themes';
import { useEffect, useMemo, useState, type CSSProperties } from 'react';
import { notify } from '../engine/notify';
import { usePdfDocument } from '../engine/pdf-pages/usePdfDocument';
import { PdfThumbnail } from '../engine/pdf-pages/PdfThumbnail';
import { ToolFrame } from '../engine/ToolPage';
import { useToolPage } from '../engine/useToolPage';
import type { ToolViewProps } from '../engine/view-modules';
import { t } from '../lib/i18n/messages';
import type { FieldValue, FormFieldInfo } from '../lib/pdf/form-fill';
import { FieldControl } from './fill-pdf-form/FieldControl';
import { useFormFields } from './fill-pdf-form/useFormFields';
import { PdfProblem } from './shared/useShownPage';
import './fill-pdf-form/fill-form.css';

/** The width pages are drawn at, in CSS pixels, before CSS fits them to a narrower screen. */
const PREVIEW_SIZE = 760;

const isData = (file: File) => /\.(csv|json)$/i.test(file.name);

/** Where a field's box sits on its page, as percentages of the page box (top left origin, as CSS places it). */
function placement(field: FormFieldInfo): CSSProperties | undefined {
  if (!field.rect || !field.pageBox) return undefined;
  const [x, y, w, h] = field.rect;
  const [bx, by, bw, bh] = field.pageBox;
  if (bw <= 0 || bh <= 0) return undefined;
  return {
    left: `${((x - bx) / bw) * 100}%`,
    top: `${((by + bh - (y + h)) / bh) * 100}%`,
    width: `${(w / bw) * 100}%`,
    height: `${(h / bh) * 100}%`,
  };
}

export default function FillPdfFormView({ manifest }: ToolViewProps) {
  const [edited, setEdited] = useState<Record<string, FieldValue>>({});
  const page = useToolPage(manifest, {
    beforeRun: (options) => {
      if (!page.run.real) return {};
      if (form.problem) {
        notify.error(form.problem);
        return null;
      }
      return { options: { ...options, values: dataFile ? {} : edited } };
    },
  });
  const { run } = page;
  const pdfFile = run.files.find((file) => !isData(file));
  const dataFile = run.files.find(isData);
  const pdf = usePdfDocument(run.real ? pdfFile : undefined);
  const form = useFormFields(run.real ? pdfFile : undefined);

  useEffect(() => setEdited({}), [pdfFile]);

  const pages = useMemo(() => {
    const byPage = new Map<number, FormFieldInfo[]>();
    for (const field of form.fields) {
      if (field.kind === 'button') continue;
      const list = byPage.get(field.page) ?? [];
      list.push(field);
      byPage.set(field.page, list);
    }
    return [...byPage.entries()].sort(([a], [b]) => (a < 0 ? Infinity : a) - (b < 0 ? Infinity : b));
  }, [form.fields]);

  const valueOf = (field: FormFieldInfo): FieldValue => edited[field.name] ?? field.value;
  const locked = run.running || !!dataFile;

  return (
    <ToolFrame
      page={page}
      blocked={run.real && !!pdfFile && form.loading}
      afterInput={
        <>
          <PdfProblem error={pdf.error ?? form.problem} />
          {dataFile && (
            <Text as="p" className="pdfv-aside" data-testid="fill-data-note">
              {manifest.messages.dataFile!.replace('{file}', dataFile.name)}
            </Text>
          )}
          {pdfFile && pages.length > 0 && (
            <section className="ffv" aria-label={manifest.messages.fieldsHeading}>
              {pages.map(([pageIndex, fields]) => (
                <div key={pageIndex} className="ffv-page">
                  <Text as="p" className="pdfv-aside">
                    {pageIndex >= 0 ? t('pdf-views.fill.page', { page: pageIndex + 1 }) : t('pdf-views.fill.noPage')}
                  </Text>
                  <div className="ffv-sheet">
                    {pdf.doc && pageIndex >= 0 && <PdfThumbnail doc={pdf.doc} pageNumber={pageIndex + 1} size={PREVIEW_SIZE} withoutFormFields />}
                    <div className="ffv-fields">
                      {fields.map((field) => (
                        <div key={field.name} className={`ffv-field ffv-kind-${field.kind}`} style={placement(field)} data-field={field.name}>
                          <FieldControl
                            field={field}
                            value={valueOf(field)}
                            disabled={locked}
                            signatureNote={manifest.messages.signatureField!}
                            onChange={(value) => setEdited((before) => ({ ...before, [field.name]: value }))}
                          />
                        </div>
                      ))}
                    </div>
                  </div>
                </div>
              ))}
            </section>
          )}
        </>
      }
    />
  );
}
