/**
 * What stands in a board's place when drawing it throws (a view the board does not expect): the
 * fallback, instead of an empty page; the rest of the table (chat, tools, results) stays.
 */
import type { ReactNode } from 'react';
import { Component } from 'react';

interface Props {
  readonly fallback: ReactNode;
  readonly children: ReactNode;
}

export class BoardErrorBoundary extends Component<Props, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }
  override render(): ReactNode {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
