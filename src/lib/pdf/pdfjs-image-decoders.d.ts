/** pdf.js publishes its standalone image decoders without type declarations; the compressor uses the JPX one. */
declare module 'pdfjs-dist/image_decoders/pdf.image_decoders.mjs' {
  export const JpxImage: unknown;
}
