import { Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { lazyWithPreload } from './lazy-with-preload';

function Greeting({ name }: { name: string }) {
  return <p>Hello {name}</p>;
}

const drawIn = (element: React.ReactNode) => render(<Suspense fallback={<p>Loading</p>}>{element}</Suspense>);

describe('lazyWithPreload', () => {
  it('draws a preloaded component at once, with its props, never showing the fallback', async () => {
    const Lazy = lazyWithPreload(async () => ({ default: Greeting }));
    await Lazy.preload();
    drawIn(<Lazy name="Ada" />);
    expect(screen.getByText('Hello Ada')).toBeTruthy();
    expect(screen.queryByText('Loading')).toBeNull();
  });

  it('suspends as React.lazy does when drawn before its chunk is in', async () => {
    const Lazy = lazyWithPreload(async () => ({ default: Greeting }));
    drawIn(<Lazy name="Grace" />);
    expect(screen.getByText('Loading')).toBeTruthy();
    expect(await screen.findByText('Hello Grace')).toBeTruthy();
  });

  it('loads its chunk once however often it is preloaded or drawn, and again after a failure', async () => {
    const load = vi
      .fn<() => Promise<{ default: typeof Greeting }>>()
      .mockRejectedValueOnce(new Error('chunk failed'))
      .mockResolvedValue({ default: Greeting });
    const Lazy = lazyWithPreload(load);
    await expect(Lazy.preload()).rejects.toThrow('chunk failed');
    const [first, second] = await Promise.all([Lazy.preload(), Lazy.preload()]);
    expect(first.default).toBe(Greeting);
    expect(second).toBe(first);
    drawIn(<Lazy name="Linus" />);
    expect(screen.getByText('Hello Linus')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(2);
  });
});
