import { lazy, type ReactNode, Suspense } from 'react';
import { useWidget } from './context.js';

/**
 * The brand marks (brand-marks.tsx), a chunk fetched by the first one rendered. Where that fetch
 * fails, each shows what stands in for it (its `children`), never an error.
 */
export const BrandMark = lazy(() =>
  import('./brand-marks.js').catch(() => ({ default: ({ children }: { children?: ReactNode }) => children })),
);

/**
 * A login method's brand mark before its name. Its 20 px box is there from the first paint, so the
 * name does not move when the mark arrives; it stays empty for a brand without one.
 */
export function BrandIcon({ brand }: { brand: string }) {
  const { styles } = useWidget();
  const box = <svg className={styles.methodIcon} width={20} height={20} aria-hidden="true" />;
  return (
    <Suspense fallback={box}>
      <BrandMark brand={brand} className={styles.methodIcon}>
        {box}
      </BrandMark>
    </Suspense>
  );
}
