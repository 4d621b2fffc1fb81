/** The workflows saved in this browser, each with Open and Delete. */
import { Button } from '@radix-ui/themes';
import type { SavedChain } from './chain-link';
import { chainToolTitle } from './chain-tools';
import { t } from '../lib/i18n/messages';

export function SavedChains({ chains, onOpen, onDelete }: { chains: readonly SavedChain[]; onOpen(chain: SavedChain): void; onDelete(name: string): void }) {
  if (chains.length === 0) return null;
  return (
    <section className="chain-saved" aria-labelledby="chain-saved-title">
      <h2 id="chain-saved-title" className="chain-steps-title">
        {t('workflow.saved.title')}
      </h2>
      <ul className="chain-saved-list">
        {chains.map((chain) => (
          <li key={chain.name} className="chain-saved-item" data-testid="saved-workflow">
            <div className="chain-saved-text">
              <span className="chain-saved-name">{chain.name}</span>
              <span className="chain-saved-steps">{chain.steps.map((s) => chainToolTitle(s.tool)).join(' → ')}</span>
            </div>
            <Button type="button" variant="soft" onClick={() => onOpen(chain)} aria-label={t('workflow.saved.openLabel', { name: chain.name })}>
              {t('workflow.saved.open')}
            </Button>
            <Button type="button" variant="ghost" color="red" onClick={() => onDelete(chain.name)} aria-label={t('workflow.saved.deleteLabel', { name: chain.name })}>
              {t('workflow.saved.delete')}
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}
