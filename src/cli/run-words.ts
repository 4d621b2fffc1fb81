/**
 * The command line speaks English: the run's words of the shared libraries and the processors
 * (src/lib/i18n/run-messages.ts) are installed as the process starts, in the main thread and in
 * every worker thread, before anything runs.
 */
import files from '../../locales/en/run-files.json' with { type: 'json' };
import processors from '../../locales/en/processors.json' with { type: 'json' };
import { installRunMessages } from '../lib/i18n/run-messages';

installRunMessages('en', { files, processors });
