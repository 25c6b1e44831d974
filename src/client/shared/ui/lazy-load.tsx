import {
  Component,
  type ComponentType,
  type ErrorInfo,
  type LazyExoticComponent,
  lazy,
  type ReactNode,
  Suspense,
  useCallback,
  useState,
} from "react";

/**
 * React.lazy remembers a failed import forever; this returns a lazy component plus `retry`, which swaps in
 * a fresh one so the next attempt loads the chunk again (after a network blip, a redeploy).
 */
export function useRetryableLazy<P extends object>(
  load: () => Promise<ComponentType<P>>,
): readonly [LazyExoticComponent<ComponentType<P>>, () => void] {
  const [LazyComponent, setLazyComponent] = useState(() => lazy(async () => ({ default: await load() })));
  const retry = useCallback(() => {
    setLazyComponent(() => lazy(async () => ({ default: await load() })));
  }, [load]);
  return [LazyComponent, retry] as const;
}

interface LazyBoundaryProps {
  onError: (error: unknown) => void;
  children: ReactNode;
}

/** Catches a failed lazy load: logs it (spec §8: lazy-load errors are only logged) and renders nothing. */
export class LazyBoundary extends Component<LazyBoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error("Lazy component failed to load", error, info.componentStack);
    this.props.onError(error);
  }

  override render(): ReactNode {
    return this.state.failed ? null : this.props.children;
  }
}

export interface LazyDialogProps {
  open: boolean;
  onClose: () => void;
}

/**
 * A dialog whose code loads on first use: `show` opens it (loading it the first time) and `element` is what
 * to render beside the trigger. A failed load closes it quietly and the next `show` tries again.
 */
export function useLazyDialog(load: () => Promise<ComponentType<LazyDialogProps>>) {
  const [LazyDialog, retry] = useRetryableLazy(load);
  const [requested, setRequested] = useState(false);
  const [open, setOpen] = useState(false);
  const show = useCallback(() => {
    setRequested(true);
    setOpen(true);
  }, []);
  const onLoadError = () => {
    setOpen(false);
    setRequested(false);
    retry();
  };
  const element = requested ? (
    <LazyBoundary onError={onLoadError}>
      <Suspense fallback={null}>
        <LazyDialog open={open} onClose={() => setOpen(false)} />
      </Suspense>
    </LazyBoundary>
  ) : null;
  return { show, element };
}

/** A lazily loaded component that can be loaded ahead of its first render (the first screen's code, at start). */
export interface Preloadable<P extends object> {
  /** starts the load (once; again after a failure) and settles when it has */
  preload(): Promise<void>;
  /** the component once loaded, else undefined */
  loaded(): ComponentType<P> | undefined;
  /** React.lazy over the same load, for a render that comes before it */
  readonly Lazy: LazyExoticComponent<ComponentType<P>>;
}

export function preloadable<P extends object>(load: () => Promise<ComponentType<P>>): Preloadable<P> {
  let loading: Promise<ComponentType<P>> | undefined;
  let component: ComponentType<P> | undefined;
  const start = () => {
    loading ??= load().then(
      (loadedComponent) => {
        component = loadedComponent;
        return loadedComponent;
      },
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  return {
    preload: () => start().then(() => undefined),
    loaded: () => component,
    Lazy: lazy(async () => ({ default: await start() })),
  };
}

/**
 * The component itself when it is already loaded, so it renders in the same commit with no fallback (React
 * holds a revealed fallback back for 300 ms); else the lazy one. Chosen once per mount: switching would remount.
 */
export function usePreloaded<P extends object>(component: Preloadable<P>): ComponentType<P> {
  const [chosen] = useState(() => component.loaded() ?? component.Lazy);
  return chosen;
}
