// Shared helpers for the ingest benchmarks: peak memory sampling and a fixed-seed random source.
import { cpuUsage, memoryUsage } from 'node:process';

/** Samples RSS and heap every 20 ms while `run` executes; returns the peaks in MB. */
export async function measurePeak<T>(
  run: () => Promise<T>,
): Promise<{ result: T; ms: number; cpuMs: number; peakRssMb: number; peakHeapMb: number }> {
  let peakRss = memoryUsage.rss();
  let peakHeap = memoryUsage().heapUsed;
  const timer = setInterval(() => {
    peakRss = Math.max(peakRss, memoryUsage.rss());
    peakHeap = Math.max(peakHeap, memoryUsage().heapUsed);
  }, 20);
  const start = performance.now();
  const cpuStart = cpuUsage();
  try {
    const result = await run();
    const ms = performance.now() - start;
    const cpu = cpuUsage(cpuStart);
    const cpuMs = (cpu.user + cpu.system) / 1000;
    peakRss = Math.max(peakRss, memoryUsage.rss());
    peakHeap = Math.max(peakHeap, memoryUsage().heapUsed);
    return { result, ms, cpuMs, peakRssMb: peakRss / 1024 / 1024, peakHeapMb: peakHeap / 1024 / 1024 };
  } finally {
    clearInterval(timer);
  }
}

/** Deterministic pseudo-random numbers (mulberry32) so every run reads the same file. */
export function createRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const baselineRssMb = () => memoryUsage.rss() / 1024 / 1024;
