/** The marker of a tool that has no real processor yet, on its page and wherever the catalogue lists it. */
export const DEMO_BADGE = 'Demo';
export const DEMO_BADGE_TITLE = 'A demonstration for now: this tool gives a placeholder file, not a real result.';
