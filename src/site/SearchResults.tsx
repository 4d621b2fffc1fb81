import { useMemo } from 'react';
import { Link } from '@tanstack/react-router';
import { searchTools } from '../engine/catalogue-summary';
import { ToolIcon } from '../engine/ToolIcon';

/**
 * Live results for the header searches: tools whose title, description or
 * category match. A blank or whitespace-only query shows nothing.
 */
export function SearchResults({
  query,
  maxHeight,
  onPick,
}: {
  query: string;
  maxHeight: number;
  onPick?: () => void;
}) {
  const results = useMemo(() => searchTools(query), [query]);
  if (query.trim() === '') return null;
  return (
    <div className="search-results" style={{ maxHeight, overflowY: 'auto' }} data-testid="search-results">
      {results.length === 0 ? (
        <p className="search-empty" role="status">
          {`No tools found matching "${query.trim()}"`}
        </p>
      ) : (
        <>
          <p className="visually-hidden" role="status">
            {results.length === 1 ? '1 tool found' : `${results.length} tools found`}
          </p>
          <ul className="search-list">
            {results.map((tool) => (
              <li key={tool.slug}>
                <Link to="/tools/$slug" params={{ slug: tool.slug }} className="search-result" onClick={onPick}>
                  <ToolIcon name={tool.icon} size={20} className="search-result-icon" />
                  <span className="search-result-text">
                    <span className="search-result-title">{tool.title}</span>
                    <span className="search-result-description">{tool.description}</span>
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
