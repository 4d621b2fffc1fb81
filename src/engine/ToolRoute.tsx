/**
 * The /tools/$slug page: the manifest's bespoke view when it names one (views
 * are discovered as src/views/<name>.tsx and loaded lazily), else ToolPage.
 */
import { Spinner } from '@radix-ui/themes';
import { lazy, Suspense, useEffect, useMemo } from 'react';
import { toolBySlug } from './catalogue';
import { ToolPage } from './ToolPage';
import { viewLoader } from './view-modules';

export default function ToolRoute({ slug }: { slug: string }) {
  const manifest = toolBySlug(slug);
  useEffect(() => {
    if (manifest) document.title = `${manifest.title} - FileDesk`;
  }, [manifest]);
  const View = useMemo(() => {
    const load = manifest?.view ? viewLoader(manifest.view) : undefined;
    return load ? lazy(load) : null;
  }, [manifest]);
  if (!manifest) return null;
  if (!View) return <ToolPage key={slug} manifest={manifest} />;
  return (
    <Suspense fallback={<Spinner size="3" aria-label="Loading tool" />}>
      <View key={slug} manifest={manifest} />
    </Suspense>
  );
}
