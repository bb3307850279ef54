import { Component, type ReactNode } from 'react';
import { RouteError } from './route-error';

interface Props {
  resetKey: string;
  children: ReactNode;
}

/** Catches render and chunk-loading errors of any route and shows the spec's routing-error view. */
export class RouteErrorBoundary extends Component<Props, { error: unknown; key: string }> {
  override state = { error: null as unknown, key: this.props.resetKey };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  static getDerivedStateFromProps(props: Props, state: { error: unknown; key: string }) {
    return props.resetKey === state.key ? null : { error: null, key: props.resetKey };
  }

  override render() {
    return this.state.error ? <RouteError error={this.state.error} /> : this.props.children;
  }
}
