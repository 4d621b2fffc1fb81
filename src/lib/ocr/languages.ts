/**
 * The OCR languages the site serves: tesseract's 4.0.0_best_int data from
 * the @tesseract.js-data packages, one gzipped file each, downloaded only
 * when a visitor picks that language. The manifests' Language selects use
 * these codes; scripts/vite-tesseract.ts copies exactly these files.
 */
// First: zod parses here in the browser, where the CSP forbids its eval probe.
import '../../contract/zod-jitless';
import { z } from 'zod';

export const OCR_LANGUAGE_CODES = ['eng', 'fra', 'deu', 'spa', 'ita', 'por', 'nld', 'ukr', 'ara', 'chi_sim', 'jpn'] as const;
export type OcrLanguage = (typeof OCR_LANGUAGE_CODES)[number];

/**
 * The Language option every OCR tool reads. Optional, so callers that pass
 * no options (other tools' tests, the corpus run) get English.
 */
export const ocrLanguageOption = z.enum(OCR_LANGUAGE_CODES).optional();

/** Scripts that DejaVu Sans does not cover, so a text layer in these languages needs the CJK font. */
export const CJK_LANGUAGES: ReadonlySet<OcrLanguage> = new Set(['chi_sim', 'jpn']);
