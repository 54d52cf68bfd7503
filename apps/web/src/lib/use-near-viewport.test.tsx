import { act, render, screen } from '@testing-library/react';
import { useRef } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { stubObserver } from '../test/stub-intersection-observer';
import { useNearViewport } from './use-near-viewport';

function Probe({ margin }: { margin?: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const isNear = useNearViewport(ref, margin);
  return <div ref={ref}>{isNear ? 'drawn' : 'waiting'}</div>;
}

describe('useNearViewport', () => {
  it('waits until the element comes near the window, then stays true and stops watching', () => {
    const observer = stubObserver();
    render(<Probe />);
    expect(screen.getByText('waiting').textContent).toBe('waiting');
    expect(observer.observed[0]!.options?.rootMargin).toBe('600px');
    observer.report(false);
    expect(screen.getByText('waiting').textContent).toBe('waiting');
    observer.report(true);
    expect(screen.getByText('drawn').textContent).toBe('drawn');
    expect(observer.disconnect).toHaveBeenCalled();
  });

  it('watches a nearer margin when asked', () => {
    const observer = stubObserver();
    render(<Probe margin="100px" />);
    expect(observer.observed[0]!.options?.rootMargin).toBe('100px');
    observer.report(true);
    expect(screen.getByText('drawn').textContent).toBe('drawn');
  });

  it('draws before printing, wherever the element is', () => {
    stubObserver();
    render(<Probe />);
    act(() => {
      window.dispatchEvent(new Event('beforeprint'));
    });
    expect(screen.getByText('drawn').textContent).toBe('drawn');
  });

  it('draws at once where the browser has no IntersectionObserver', () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    render(<Probe />);
    expect(screen.getByText('drawn').textContent).toBe('drawn');
  });
});
