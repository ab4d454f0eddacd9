import { render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RenderErrorBoundary } from './render-error-boundary';

function Failing(): never {
  throw new Error('render failed');
}

describe('RenderErrorBoundary', () => {
  beforeEach(() => {
    // React reports the caught failure on the console; the test expects it.
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterEach(() => vi.restoreAllMocks());

  it('shows its children while they render', () => {
    render(
      <RenderErrorBoundary fallback={<p>failed</p>} resetKey="/a">
        <p>page</p>
      </RenderErrorBoundary>,
    );
    expect(screen.getByText('page')).toBeInTheDocument();
  });

  it('shows the fallback instead of children that fail, until the place changes', () => {
    const at = (resetKey: string, ok: boolean) => (
      <RenderErrorBoundary fallback={<p>failed</p>} resetKey={resetKey}>
        {ok ? <p>page</p> : <Failing />}
      </RenderErrorBoundary>
    );
    const { rerender } = render(at('/a', false));
    expect(screen.getByText('failed')).toBeInTheDocument();
    // Still there while the shopper stays on the same page.
    rerender(at('/a', true));
    expect(screen.getByText('failed')).toBeInTheDocument();
    // Elsewhere, the new page renders.
    rerender(at('/b', true));
    expect(screen.getByText('page')).toBeInTheDocument();
  });
});
