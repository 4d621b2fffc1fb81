// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CATEGORIES, catalogue } from '../engine/catalogue-summary';

const CATEGORY_LABELS = { pdf: 'PDF', image: 'Image', audio: 'Audio', text: 'Text', file: 'File' } as const;
import { toolBySlug as toolBySlugFull } from '../../tests/support/catalogue';
import { workflows as workflowList } from '../engine/workflow-summary';

const workflows = workflowList();
import { renderAt } from '../../tests/support/app';

afterEach(cleanup);

function cardTitles(): string[] {
  const panel = screen.getByRole('tabpanel');
  return within(panel)
    .queryAllByRole('article')
    .map((card) => within(card).getByRole('heading', { level: 3 }).firstChild!.textContent!);
}

const titlesOf = (tools: typeof catalogue) => tools.map((t) => t.title);

describe('All Tools page', () => {
  it('lists every catalogue tool with icon, title, description, features and a Use Tool link', async () => {
    await renderAt('/tools');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(/^All Tools$/);
    expect(document.title).toBe('All Tools - FileDesk');
    expect(cardTitles()).toEqual(titlesOf(catalogue));
    const first = within(screen.getByRole('tabpanel')).getAllByRole('article')[0];
    const tool = catalogue[0];
    expect(first.querySelector('svg')).not.toBeNull();
    expect(within(first).getByText(tool.description)).toBeInTheDocument();
    expect(within(first).getAllByRole('listitem').map((li) => li.textContent)).toEqual(toolBySlugFull(tool.slug)?.features);
    expect(within(first).getByRole('link', { name: 'Use Tool' })).toHaveAttribute('href', `/tools/${tool.slug}`);
  });

  it('groups the cards under a heading per category, with its count, in catalogue order', async () => {
    const user = userEvent.setup({ delay: null });
    await renderAt('/tools');
    const panel = screen.getByRole('tabpanel');
    const categories = CATEGORIES.filter((c) => catalogue.some((t) => t.category === c));
    const headings = within(panel).getAllByRole('heading', { level: 2 });
    expect(headings.map((h) => h.textContent)).toEqual(
      categories.map((c) => `${CATEGORY_LABELS[c]} tools ${catalogue.filter((t) => t.category === c).length}`),
    );
    for (const [i, category] of categories.entries()) {
      const section = within(panel).getByRole('region', { name: headings[i]!.textContent! });
      const titles = within(section).getAllByRole('article').map((card) => within(card).getByRole('heading', { level: 3 }).firstChild!.textContent);
      expect(titles).toEqual(titlesOf(catalogue.filter((t) => t.category === category)));
    }
    // A search keeps only the groups that have a match.
    await user.type(screen.getByRole('searchbox', { name: 'Search for tools' }), 'xml');
    const left = within(panel).getAllByRole('heading', { level: 2 }).map((h) => h.textContent!.replace(/ tools \d+$/, ''));
    expect(left).toEqual(categories.filter((c) => catalogue.some((t) => t.category === c && /xml/i.test(`${t.title} ${t.description}`))).map((c) => CATEGORY_LABELS[c]));
  });

  it('has a labelled search box with the spec placeholder', async () => {
    await renderAt('/tools');
    const box = screen.getByRole('searchbox', { name: 'Search for tools' });
    expect(box).toHaveAttribute('placeholder', 'Search for tools...');
  });

  it('filters by title or description, case-insensitively', async () => {
    const user = userEvent.setup({ delay: null });
    await renderAt('/tools');
    const box = screen.getByRole('searchbox', { name: 'Search for tools' });

    await user.type(box, 'pDf');
    const byPdf = catalogue.filter((t) => /pdf/i.test(t.title) || /pdf/i.test(t.description));
    expect(byPdf.length).toBeGreaterThan(0);
    expect(byPdf.length).toBeLessThan(catalogue.length);
    expect(cardTitles()).toEqual(titlesOf(byPdf));

    // A phrase only found in one description.
    // Pasted at once: typing re-renders every card per key, which is slow in jsdom and tests nothing more.
    await user.clear(box);
    await user.paste('LESSEN THE FILE SIZE OF A PDF');
    expect(cardTitles()).toEqual(['PDF Compressor']);

    await user.clear(box);
    await user.type(box, 'zzzz');
    expect(cardTitles()).toEqual([]);
    expect(screen.getByText('No tools found matching your search.')).toBeInTheDocument();

    await user.clear(box);
    expect(cardTitles()).toEqual(titlesOf(catalogue));
    expect(screen.queryByText('No tools found matching your search.')).toBeNull();
  });

  it('has an All tab (selected by default) plus each distinct category in catalogue order', async () => {
    await renderAt('/tools');
    const tabs = screen.getAllByRole('tab');
    const categories = CATEGORIES.filter((c) => catalogue.some((t) => t.category === c));
    expect(tabs.map((t) => t.textContent)).toEqual(['All', ...categories.map((c) => CATEGORY_LABELS[c])]);
    expect(screen.getByRole('tab', { name: 'All' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel')).toHaveAccessibleName('All');
  });

  it('filters by category tab, and combines the tab with the search text', async () => {
    const user = userEvent.setup({ delay: null });
    await renderAt('/tools');
    const categories = CATEGORIES.filter((c) => catalogue.some((t) => t.category === c));
    for (const category of categories) {
      const tab = screen.getByRole('tab', { name: CATEGORY_LABELS[category] });
      await user.click(tab);
      expect(tab).toHaveAttribute('aria-selected', 'true');
      expect(screen.getByRole('tab', { name: 'All' })).toHaveAttribute('aria-selected', 'false');
      expect(cardTitles()).toEqual(titlesOf(catalogue.filter((t) => t.category === category)));
    }

    await user.click(screen.getByRole('tab', { name: 'PDF' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search for tools' }), 'compress');
    expect(cardTitles()).toEqual(
      titlesOf(catalogue.filter((t) => t.category === 'pdf' && /compress/i.test(`${t.title} ${t.description}`))),
    );

    await user.click(screen.getByRole('tab', { name: 'All' }));
    expect(cardTitles()).toEqual(titlesOf(catalogue.filter((t) => /compress/i.test(`${t.title}\n${t.description}`))));
  });

  it('moves between tabs with the arrow keys', async () => {
    const user = userEvent.setup({ delay: null });
    await renderAt('/tools');
    const tabs = screen.getAllByRole('tab');
    tabs[0].focus();
    await user.keyboard('{ArrowRight}');
    expect(tabs[1]).toHaveFocus();
    expect(tabs[1]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowLeft}');
    expect(tabs[0]).toHaveFocus();
    expect(tabs[0]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{End}');
    expect(tabs[tabs.length - 1]).toHaveAttribute('aria-selected', 'true');
  });

  it('lists every workflow in a group of its own, with the builder, and narrows it by the search', async () => {
    const user = userEvent.setup({ delay: null });
    await renderAt('/tools');
    const group = screen.getByRole('region', { name: `Workflows ${workflows.length}` });
    const cards = within(group).getAllByRole('article');
    expect(cards.map((c) => within(c).getByRole('heading', { level: 3 }).textContent)).toEqual([...workflows.map((w) => w.title), 'Build your own']);
    expect(within(cards[0]).getByRole('link', { name: 'Use Workflow' })).toHaveAttribute('href', `/workflows/${workflows[0].slug}`);
    expect(within(cards[0]).getByText(workflows[0].steps.join(' → '))).toBeInTheDocument();
    expect(within(cards.at(-1)!).getByRole('link', { name: 'Open the Builder' })).toHaveAttribute('href', '/workflows/new');

    await user.type(screen.getByRole('searchbox', { name: 'Search for tools' }), 'password');
    const found = within(screen.getByRole('region', { name: /^Workflows/ })).getAllByRole('article');
    expect(found.map((c) => within(c).getByRole('heading', { level: 3 }).textContent)).toEqual(['Merge and Protect PDFs']);
    await user.click(screen.getByRole('tab', { name: 'PDF' }));
    expect(screen.queryByRole('region', { name: /^Workflows/ })).toBeNull();
  });
});
