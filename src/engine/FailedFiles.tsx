/**
 * The files of the last run that could not be processed, each with its own
 * message, so a run that went on without them says exactly what was left out.
 */
import { Card } from '@radix-ui/themes';
import { FileX2 } from 'lucide-react';
import type { FileFailure } from '../contract/types';
import { t } from '../lib/i18n/messages';

export function FailedFiles({ failures }: { failures: FileFailure[] }) {
  if (failures.length === 0) return null;
  return (
    <section className="results failed-files" aria-labelledby="failed-files-title">
      <h2 id="failed-files-title" className="failed-files-title">
        {t('engine.failed.title', { count: failures.length })}
      </h2>
      <ul className="result-list">
        {failures.map((failure, i) => (
          <li key={`${i}-${failure.name}`} data-testid="failed-file">
            <Card className="result-card">
              <FileX2 className="result-icon failed-icon" size={28} aria-hidden="true" />
              <div className="result-body">
                <p className="result-name">{failure.name}</p>
                <p className="result-detail failed-message">{failure.message}</p>
                {failure.link && <a href={failure.link.href}>{failure.link.label}</a>}
              </div>
            </Card>
          </li>
        ))}
      </ul>
    </section>
  );
}
