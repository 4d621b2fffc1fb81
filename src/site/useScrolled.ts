import { useEffect, useState } from 'react';

/** True while window.scrollY is greater than `threshold` px. */
export function useScrolled(threshold: number): boolean {
  // Starts false, as the pre-rendered HTML does, so hydration matches; the effect reads the real scroll.
  const [scrolled, setScrolled] = useState(false);
  useEffect(() => {
    const update = () => setScrolled(window.scrollY > threshold);
    update();
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, [threshold]);
  return scrolled;
}
