declare module 'virtual:tool-icons' {
  import type { LucideIcon } from 'lucide-react';
  const icons: Record<string, LucideIcon>;
  export = icons;
}
