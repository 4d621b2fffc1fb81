/**
 * PSD to AI (beta): a PDF-compatible .ai, which Illustrator and every PDF
 * reader open. The page is the document's size at 72 dpi; it holds the
 * flattened composite, shown, and each visible pixel layer as its own image
 * at its place and opacity, in a PDF layer (optional content group) named
 * after it and hidden at first, so the page looks like the PSD and the
 * layers can be shown or taken apart.
 */
import { PDFDocument, PDFHexString, PDFName, PDFOperator, type PDFPage, type PDFRef } from 'pdf-lib';
import { z } from 'zod';
import { defineProcessor } from '../contract/processor';
import { throwIfAborted } from '../lib/errors';
import { decode } from '../lib/image/decode';
import type { RasterImage } from '../lib/image/types';
import { runText } from '../lib/i18n/run-messages';

export const options = z.object({});

/** Draws one image inside a PDF layer. */
async function drawInLayer(doc: PDFDocument, page: PDFPage, tag: string, image: RasterImage, box: { x: number; y: number }, opacity: number) {
  const { encode } = await import('../lib/image/codecs/png');
  const embedded = await doc.embedPng(await encode(image));
  page.pushOperators(PDFOperator.of('BDC' as never, [PDFName.of('OC'), PDFName.of(tag)]));
  page.drawImage(embedded, { x: box.x, y: box.y, width: image.width, height: image.height, opacity });
  page.pushOperators(PDFOperator.of('EMC' as never));
}

export default defineProcessor(options, async (inputs, _options, ctx) => {
  const outputs = [];
  for (const [index, input] of inputs.entries()) {
    throwIfAborted(ctx.signal);
    // The composite first: it checks the size and format and says when the file has none.
    const [composite] = (await decode(input.name, input.bytes)).frames;
    const { readLayers } = await import('../lib/image/codecs/psd');
    const layers = readLayers(input.name, input.bytes);
    throwIfAborted(ctx.signal);

    const doc = await PDFDocument.create();
    doc.setCreator('FileDesk');
    doc.setProducer('FileDesk');
    doc.setTitle(input.name.replace(/\.[^.]+$/, ''));
    const { width, height } = composite;
    const page = doc.addPage([width, height]);
    const groups: { name: string; ref: PDFRef; tag: string }[] = [];
    const group = (name: string) => {
      const ref = doc.context.register(doc.context.obj({ Type: 'OCG', Name: PDFHexString.fromText(name) }));
      const entry = { name, ref, tag: `OC${groups.length}` };
      groups.push(entry);
      return entry;
    };

    const base = group(runText('processors.psdToAi.compositeLayer'));
    await drawInLayer(doc, page, base.tag, composite, { x: 0, y: 0 }, 1);
    for (const layer of layers) {
      throwIfAborted(ctx.signal);
      const entry = group(layer.name);
      // PDF's y runs up from the bottom; PSD's top runs down from the top.
      await drawInLayer(doc, page, entry.tag, layer.image, { x: layer.left, y: height - layer.top - layer.image.height }, layer.opacity);
    }

    const properties = doc.context.obj(Object.fromEntries(groups.map((g) => [g.tag, g.ref])));
    page.node.Resources()!.set(PDFName.of('Properties'), properties);
    const refs = groups.map((g) => g.ref);
    doc.catalog.set(
      PDFName.of('OCProperties'),
      doc.context.obj({ OCGs: refs, D: { Name: PDFHexString.fromText(runText('processors.psdToAi.layersConfiguration')), Order: refs, ON: [base.ref], OFF: refs.slice(1) } }),
    );
    const bytes = await doc.save();
    outputs.push({ bytes, type: 'application/pdf', meta: { width, height, layers: layers.length } });
    ctx.onProgress(index + 1, inputs.length);
  }
  return outputs;
});
