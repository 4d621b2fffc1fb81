/**
 * The zod schema of a tool's options and its resolver (options-resolver.ts), fetched
 * apart from the page: by the page when a form is about to show or is reached
 * (options-form-lazy.ts, ToolPage), and by the options' state when it first validates
 * (useToolOptions.ts). It has a module of its own because the options' state loads
 * with the form: were it to take this loader from options-form-lazy.ts, the module
 * that loads the form would be imported back by what it loads.
 */
export const loadOptionsResolver = () => import('./options-resolver');
