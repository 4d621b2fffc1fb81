import type { ReactNode } from 'react';
import { pageTitle } from './constants';
import { useDocumentTitle } from './useDocumentTitle';
import { usePageReady } from '../lib/page-ready';

/** Frame of the text pages (About, Contact, Privacy, Terms). */
export function StaticPage({ title, lead, children }: { title: string; lead: string; children: ReactNode }) {
  usePageReady();
  useDocumentTitle(pageTitle(title));
  return (
    <article className="container container-narrow page-padding static-page">
      <div className="page-header">
        <h1>{title}</h1>
        <p className="page-lead">{lead}</p>
      </div>
      {children}
    </article>
  );
}
