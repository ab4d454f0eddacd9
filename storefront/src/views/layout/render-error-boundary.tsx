import { Component, type ReactNode } from 'react';

interface Props {
  fallback: ReactNode;
  /** When it changes (the shopper went elsewhere), a shown failure is cleared. */
  resetKey: string;
  children?: ReactNode;
}

interface State {
  failedAt: string | undefined;
}

/** Shows `fallback` instead of children that failed to render (D13), until `resetKey` changes. */
export class RenderErrorBoundary extends Component<Props, State> {
  override state: State = { failedAt: undefined };

  static getDerivedStateFromError(): Partial<State> {
    return { failedAt: '' };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    // The failure belongs to the place where it happened: record it, or forget it once elsewhere.
    if (state.failedAt === '') return { failedAt: props.resetKey };
    if (state.failedAt !== undefined && state.failedAt !== props.resetKey) return { failedAt: undefined };
    return null;
  }

  override render() {
    return this.state.failedAt === undefined ? this.props.children : this.props.fallback;
  }
}
