/**
 * The parts of a tool page that follow a run: the result list (with its
 * previews and compare slider) and the list of failed files. Their code is
 * fetched when a run starts (loadResultParts), not with the page.
 */
import { preloadable } from '../lib/preloadable';

const results = preloadable(() => import('./ResultList').then((module) => module.ResultList));
const failures = preloadable(() => import('./FailedFiles').then((module) => module.FailedFiles));

export const ResultList = results.Component;
export const FailedFiles = failures.Component;

export function loadResultParts(): Promise<unknown> {
  return Promise.all([results.preload(), failures.preload()]);
}
