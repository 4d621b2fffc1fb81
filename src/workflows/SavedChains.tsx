/** The workflows saved in this browser, each with Open and Delete. */
import { Button } from '@radix-ui/themes';
import type { SavedChain } from './chain-link';
import { chainTools } from './chain-tools';

const titles = new Map(chainTools.map((t) => [t.slug, t.title]));

export function SavedChains({ chains, onOpen, onDelete }: { chains: readonly SavedChain[]; onOpen(chain: SavedChain): void; onDelete(name: string): void }) {
  if (chains.length === 0) return null;
  return (
    <section className="chain-saved" aria-labelledby="chain-saved-title">
      <h2 id="chain-saved-title" className="chain-steps-title">
        Saved in this browser
      </h2>
      <ul className="chain-saved-list">
        {chains.map((chain) => (
          <li key={chain.name} className="chain-saved-item" data-testid="saved-workflow">
            <div className="chain-saved-text">
              <span className="chain-saved-name">{chain.name}</span>
              <span className="chain-saved-steps">{chain.steps.map((s) => titles.get(s.tool) ?? s.tool).join(' → ')}</span>
            </div>
            <Button type="button" variant="soft" onClick={() => onOpen(chain)} aria-label={`Open ${chain.name}`}>
              Open
            </Button>
            <Button type="button" variant="ghost" color="red" onClick={() => onDelete(chain.name)} aria-label={`Delete ${chain.name}`}>
              Delete
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}
