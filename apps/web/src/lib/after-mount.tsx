import { useEffect, useState, type ComponentType, type ReactNode } from 'react';

/**
 * A component of a server-drawn page whose code loads once the page is up. Its stand-in is what
 * the server and the browser's first render both draw, so adopting the server's HTML never meets
 * a suspended lazy component (which React reports as error 419 and draws again in the browser).
 */
export function afterMount<P extends object>(
  load: () => Promise<ComponentType<P>>,
  standIn: (props: P) => ReactNode,
): ComponentType<P> {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<ComponentType<P>> | undefined;
  return function AfterMount(props: P) {
    const [Component, setComponent] = useState(() => loaded);
    useEffect(() => {
      if (Component) return;
      let mounted = true;
      loading ??= load().then((component) => (loaded = component));
      void loading.then((component) => {
        if (mounted) setComponent(() => component);
      });
      return () => {
        mounted = false;
      };
    }, [Component]);
    return Component ? <Component {...props} /> : standIn(props);
  };
}
