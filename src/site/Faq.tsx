import { useId, useState } from 'react';
import type { FaqItem } from './home-content';
import { SiteIcon } from './SiteIcon';

/** Accordion: one item open at a time; pressing the open item collapses it. */
export function Faq({ items }: { items: readonly FaqItem[] }) {
  const [open, setOpen] = useState<number | null>(null);
  const base = useId();
  return (
    <div className="faq">
      {items.map((item, i) => {
        const expanded = open === i;
        const buttonId = `${base}-q${i}`;
        const panelId = `${base}-a${i}`;
        return (
          <div className="faq-item" key={item.question} data-open={expanded || undefined}>
            <h3 className="faq-question">
              <button
                type="button"
                id={buttonId}
                aria-expanded={expanded}
                aria-controls={panelId}
                onClick={() => setOpen(expanded ? null : i)}
              >
                <span>{item.question}</span>
                <SiteIcon name="ChevronDown" aria-hidden="true" className="faq-chevron" size={20} />
              </button>
            </h3>
            <div className="faq-answer" id={panelId} role="region" aria-labelledby={buttonId} hidden={!expanded}>
              <p>{item.answer}</p>
            </div>
          </div>
        );
      })}
    </div>
  );
}
