import type { Plugin } from 'vite';
import { reachFrom } from './route-chunks';

/** A screen a signed-in user often reloads or opens from a link: its URL pattern and the modules it needs. */
export interface ScreenPreload {
  /** A route pattern as React Router writes it: `:name` stands for one path segment. */
  path: string;
  /** The modules it starts from (the shell, the screen's route), by their path from the project root. */
  from: readonly string[];
}

/** What the bundle says of a chunk. */
export interface BuiltChunk {
  fileName: string;
  /** The files it imports statically. */
  imports: readonly string[];
  facadeModuleId: string | null;
  isEntry: boolean;
}

/** Written beside index.html; the server reads it (apps/server/src/platform/http/serve-web-app.ts). */
export const SCREEN_PRELOADS_FILE = 'screen-preloads.json';

/**
 * Each screen's files beyond what index.html already asks for: the chunks of its modules and all they
 * import, as URL paths in a stable order.
 */
export function listScreenPreloads(
  chunks: readonly BuiltChunk[],
  screens: readonly ScreenPreload[],
): Record<string, string[]> {
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const importsOf = (file: string) => byFile.get(file)?.imports;
  const initial = reachFrom(
    chunks.filter((chunk) => chunk.isEntry).map((chunk) => chunk.fileName),
    importsOf,
  );
  const fileOf = (source: string) => {
    const chunk = chunks.find((c) => c.facadeModuleId?.endsWith(`/${source}`));
    if (!chunk) throw new Error(`screen-preloads: ${source} has no chunk of its own`);
    return chunk.fileName;
  };
  return Object.fromEntries(
    screens.map((screen) => [
      screen.path,
      [...reachFrom(screen.from.map(fileOf), importsOf)]
        .filter((file) => !initial.has(file))
        .sort()
        .map((file) => `/${file}`),
    ]),
  );
}

/**
 * Writes SCREEN_PRELOADS_FILE: for each screen, the files a first load of it needs besides the entry's.
 * The server names them in the index.html it answers at that screen's URL, so the browser asks for them
 * with the entry's, not once the entry has run and asked for them (issue 21 "Speed": on a phone's
 * connection that wait put a round trip and the entry's run before the page's largest paint).
 */
export function screenPreloads(screens: readonly ScreenPreload[]): Plugin {
  return {
    name: 'tideline-screen-preloads',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).flatMap((output) =>
        output.type === 'chunk'
          ? [
              {
                fileName: output.fileName,
                imports: output.imports,
                facadeModuleId: output.facadeModuleId,
                isEntry: output.isEntry,
              },
            ]
          : [],
      );
      this.emitFile({
        type: 'asset',
        fileName: SCREEN_PRELOADS_FILE,
        source: `${JSON.stringify(listScreenPreloads(chunks, screens), null, 2)}\n`,
      });
    },
  };
}
