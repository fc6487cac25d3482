// The one widget renderer (src/widget/mount.ts) inside React: the Widget
// Settings preview, the dashboard's Live Widget Preview and the landing demo
// all show exactly what customers' sites show. mountWidget owns the host's
// shadow root; React only owns the empty host element.
import { useEffect, useRef } from 'react';
import type { PublicWidget } from '../../shared/schemas/widget';
import { mountWidget, type WidgetHandle } from '../../widget/mount';
import { productName } from '../lib/product';

type WidgetPreviewProps = {
  /** Keep it referentially stable (useMemo): every new object re-renders the widget. */
  data: PublicWidget;
  className?: string;
};

export function WidgetPreview({ data, className }: WidgetPreviewProps) {
  const hostRef = useRef<HTMLDivElement>(null);
  const handleRef = useRef<WidgetHandle | null>(null);
  const mountedDataRef = useRef(data);

  // Mount once. StrictMode's mount, destroy, mount is fine: mountWidget reuses
  // the shadow root it finds on the host.
  useEffect(() => {
    const host = hostRef.current;
    if (!host) return;
    const handle = mountWidget(host, mountedDataRef.current, {
      baseUrl: window.location.origin,
      productName: productName,
    });
    handleRef.current = handle;
    return () => {
      handle.destroy();
      handleRef.current = null;
    };
  }, []);

  // New data re-renders in place and keeps the current slide.
  useEffect(() => {
    if (mountedDataRef.current === data) return;
    mountedDataRef.current = data;
    handleRef.current?.update(data);
  }, [data]);

  return <div ref={hostRef} className={className} />;
}
