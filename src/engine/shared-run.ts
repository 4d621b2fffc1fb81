/**
 * The run of a tool page whose bespoke view takes over from the generic page
 * with the first files (ToolRoute.tsx): the view's page (useToolPage.ts) goes
 * on with the same files, so nothing chosen is chosen again.
 */
import { createContext } from 'react';
import type { ToolRun } from './useToolRun';

export const SharedRun = createContext<ToolRun | null>(null);
