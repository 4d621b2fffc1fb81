/**
 * Toasts with a title and a message. Titles follow the specification: Error
 * (destructive), Warning, Success, Info or Information. The toast library
 * loads with the first toast (the toast area with it, src/site/Layout.tsx):
 * a page that has said nothing yet has not fetched it.
 */
import { toastAsked } from './toast-signal';
import { t } from '../lib/i18n/messages';

type Toasts = typeof import('react-hot-toast');
let toasts: Toasts | undefined;
export const loadToasts = (): Promise<Toasts> => import('react-hot-toast').then((module) => (toasts = module));


export type Tone = 'destructive' | 'warning' | 'success' | 'info';

export interface Notice {
  title: string;
  message: string;
  tone: Tone;
  link?: { href: string; label: string };
}

function show(notice: Notice): void {
  toastAsked();
  // At once when the library is there, so a toast keeps its order with what the page does next.
  if (toasts) display(toasts, notice);
  else void loadToasts().then((module) => display(module, notice));
}

function display({ default: toast }: Toasts, notice: Notice): void {
  const { title, message, tone, link } = notice;
  const urgent = tone === 'destructive';
  toast.custom(
    (shown) => (
      <div
        className={`toast toast-${tone}${shown.visible ? '' : ' toast-leaving'}`}
        role={urgent ? 'alert' : 'status'}
        aria-live={urgent ? 'assertive' : 'polite'}
        data-testid="toast"
      >
        <div className="toast-title">{title}</div>
        {message && <div className="toast-message">{message}</div>}
        {link && (
          <a className="toast-link" href={link.href}>
            {link.label}
          </a>
        )}
        <button type="button" className="toast-close" aria-label={t('engine.toast.dismiss')} onClick={() => toast.dismiss(shown.id)}>
          ×
        </button>
      </div>
    ),
    { duration: urgent ? 6000 : 4000 },
  );
}

export const notify = {
  error: (message: string, title = t('engine.toast.error'), link?: Notice['link']) => show({ title, message, tone: 'destructive', link }),
  warning: (message: string, title = t('engine.toast.warning'), destructive = false) =>
    show({ title, message, tone: destructive ? 'destructive' : 'warning' }),
  success: (message: string, title = t('engine.toast.success')) => show({ title, message, tone: 'success' }),
  info: (message: string, title = t('engine.toast.info')) => show({ title, message, tone: 'info' }),
};

export const tooManyFilesTitle = () => t('engine.toast.tooManyFilesTitle');

export function tooManyFilesMessage(max: number): string {
  return t('engine.toast.tooManyFiles', { max });
}

/** A run where some files failed and the others gave results: a Warning, not an Error. */
export function partlyProcessedMessage(failed: number, total: number): string {
  return t('engine.toast.partlyProcessed', { failed, total });
}

/** A run of several files where none could be processed; each is listed with its own reason. */
export function noneProcessedMessage(total: number): string {
  return t('engine.toast.noneProcessed', { total });
}
