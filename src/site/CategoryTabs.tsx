import { useRef, type KeyboardEvent } from 'react';

export interface TabOption<T extends string> {
  value: T;
  label: string;
}

/**
 * A WAI-ARIA tablist controlling one panel: arrow keys, Home and End move
 * between tabs and select them (automatic activation).
 */
export function CategoryTabs<T extends string>({
  options,
  value,
  onChange,
  panelId,
  idPrefix,
  label,
}: {
  options: readonly TabOption<T>[];
  value: T;
  onChange: (value: T) => void;
  panelId: string;
  idPrefix: string;
  label: string;
}) {
  const refs = useRef<(HTMLButtonElement | null)[]>([]);

  function move(event: KeyboardEvent, index: number) {
    const last = options.length - 1;
    // The tabs run along the line of text: right to left, the right arrow goes back.
    const rtl = getComputedStyle(event.currentTarget).direction === 'rtl';
    const forward = rtl ? 'ArrowLeft' : 'ArrowRight';
    const back = rtl ? 'ArrowRight' : 'ArrowLeft';
    const next =
      event.key === forward ? (index === last ? 0 : index + 1)
      : event.key === back ? (index === 0 ? last : index - 1)
      : event.key === 'Home' ? 0
      : event.key === 'End' ? last
      : null;
    if (next === null) return;
    event.preventDefault();
    onChange(options[next].value);
    refs.current[next]?.focus();
  }

  return (
    <div role="tablist" aria-label={label} className="category-tabs">
      {options.map((option, i) => {
        const selected = option.value === value;
        return (
          <button
            key={option.value}
            ref={(el) => {
              refs.current[i] = el;
            }}
            type="button"
            role="tab"
            id={`${idPrefix}-${option.value}`}
            aria-selected={selected}
            aria-controls={panelId}
            tabIndex={selected ? 0 : -1}
            className="category-tab"
            onClick={() => onChange(option.value)}
            onKeyDown={(e) => move(e, i)}
          >
            {option.label}
          </button>
        );
      })}
    </div>
  );
}
