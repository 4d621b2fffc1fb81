import type { LucideProps } from 'lucide-react';
import * as icons from 'virtual:tool-icons';
import { Wrench } from 'lucide-react';

/** The lucide icon a manifest names; a wrench if the name is unknown. */
export function ToolIcon({ name, ...props }: { name: string } & LucideProps) {
  const Icon = (icons as Record<string, typeof Wrench>)[name] ?? Wrench;
  return <Icon aria-hidden="true" {...props} />;
}

export function hasToolIcon(name: string): boolean {
  return name in (icons as Record<string, unknown>);
}
