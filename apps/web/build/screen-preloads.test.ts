import { describe, expect, it } from 'vitest';
import { listScreenPreloads, type BuiltChunk } from './screen-preloads';

const chunk = (
  fileName: string,
  imports: string[],
  facade: string | null = null,
  isEntry = false,
): BuiltChunk => ({
  fileName,
  imports,
  facadeModuleId: facade && `/repo/apps/web/${facade}`,
  isEntry,
});

describe('listScreenPreloads (issue 21 "Speed")', () => {
  it("lists each screen's files and all they import, without what the entry already asks for", () => {
    const chunks = [
      chunk('assets/index.js', ['assets/react.js'], 'index.html', true),
      chunk('assets/react.js', []),
      chunk('assets/app-layout.js', ['assets/shell.js', 'assets/react.js'], 'src/app/layout/app-layout.tsx'),
      chunk('assets/shell.js', ['assets/react.js']),
      chunk(
        'assets/dashboard-route.js',
        ['assets/screens.js', 'assets/shell.js'],
        'src/app/routes/dashboard-route.tsx',
      ),
      chunk('assets/screens.js', []),
      chunk('assets/notes-table.js', ['assets/screens.js'], 'src/features/notes/notes-table.tsx'),
    ];
    const preloads = listScreenPreloads(chunks, [
      { path: '/dashboard', from: ['src/app/layout/app-layout.tsx', 'src/app/routes/dashboard-route.tsx'] },
    ]);
    // The lazy notes table is not named: it is asked for when the screen draws it.
    expect(preloads).toEqual({
      '/dashboard': [
        '/assets/app-layout.js',
        '/assets/dashboard-route.js',
        '/assets/screens.js',
        '/assets/shell.js',
      ],
    });
  });

  it('fails the build when a screen module has no chunk of its own', () => {
    expect(() =>
      listScreenPreloads(
        [chunk('assets/index.js', [], 'index.html', true)],
        [{ path: '/x', from: ['src/x.tsx'] }],
      ),
    ).toThrow('screen-preloads: src/x.tsx has no chunk of its own');
  });
});
