import { useEffect, useState, type ComponentType, type ReactNode } from 'react';

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
