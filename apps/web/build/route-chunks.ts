import type { Plugin } from 'vite';

/**
 * One chunk for the modules that the routes `from` all reach through static imports, that the entry
 * does not load and no earlier chunk of the list took. The route modules themselves keep chunks of
 * their own, so the manifest still names them and Vite's preload asks for this chunk beside them.
 */
export interface RouteChunk {
  name: string;
  from: readonly string[];
}

/** A module's static imports; undefined for a module the graph does not know. */
export type StaticImports = (id: string) => readonly string[] | undefined;

/** `starts` and everything they import, directly or not. */
export function reachFrom(starts: readonly string[], importsOf: StaticImports): Set<string> {
  const seen = new Set<string>();
  const stack = [...starts];
  while (stack.length > 0) {
    const id = stack.pop()!;
    if (seen.has(id)) continue;
    seen.add(id);
    stack.push(...(importsOf(id) ?? []));
  }
  return seen;
}

/**
 * Answers each grouped module's chunk name. Taking each chunk as the closure of its routes minus what
 * came before makes every static import of a grouped module land in the entry, its own chunk or an
 * earlier one, so the chunks import each other in one direction only and run in the order the modules
 * would. That is checked here: a build that would break it fails instead of shipping a cycle.
 * `entryModules` are the modules the entry's chunks hold; they are never grouped.
 */
export function assignRouteChunks(
  entryModules: readonly string[],
  chunks: readonly RouteChunk[],
  importsOf: StaticImports,
): Map<string, string> {
  const initial = new Set(entryModules);
  const routeModules = new Set(chunks.flatMap((chunk) => chunk.from));
  const owner = new Map<string, string>();
  for (const chunk of chunks) {
    const [first, ...rest] = chunk.from.map((route) => {
      if (!importsOf(route)) throw new Error(`route-chunks: ${route} is not in the module graph`);
      return reachFrom([route], importsOf);
    });
    for (const id of first ?? []) {
      if (initial.has(id) || owner.has(id) || routeModules.has(id)) continue;
      if (rest.every((reached) => reached.has(id))) owner.set(id, chunk.name);
    }
  }
  const order = new Map(chunks.map((chunk, index) => [chunk.name, index]));
  for (const [id, name] of owner) {
    for (const imported of importsOf(id) ?? []) {
      if (initial.has(imported)) continue;
      const importedOwner = owner.get(imported);
      if (importedOwner === undefined || order.get(importedOwner)! > order.get(name)!) {
        throw new Error(`route-chunks: ${id} (${name}) imports ${imported}, which no earlier chunk holds`);
      }
    }
  }
  return owner;
}

/** What Vite's `build.rolldownOptions.output.codeSplitting.groups` takes. */
interface ChunkGroup {
  name: (id: string) => string | null;
  tags?: '$initial'[];
}

/**
 * Groups the modules of the screens a first load asks for into a few chunks (issue 21 "Speed"). Left
 * to itself the bundler makes one chunk per set of routes sharing a module: about 50 files for the
 * dashboard, each a request, and on a phone's connection six at a time. `chunks` name routes by their
 * path from the project root, as the manifest does.
 *
 * The entry's modules are the ones the bundler tags `$initial` once it has dropped unused exports:
 * following the imports alone would count everything a library's index re-exports, and leave what the
 * entry does not use in one small chunk each. The first group only records them (it takes nothing);
 * the bundler asks the groups in order, so the second has them all when it first names a module.
 */
export function routeChunks(chunks: readonly RouteChunk[]): { plugin: Plugin; groups: ChunkGroup[] } {
  let importsOf: StaticImports = () => undefined;
  let ids: string[] = [];
  const initial = new Set<string>();
  let owner: Map<string, string> | null = null;
  const assign = () => {
    if (initial.size === 0) throw new Error('route-chunks: no module of the entry was seen first');
    const idOf = (source: string) => {
      const id = ids.find((candidate) => candidate.endsWith(`/${source}`));
      if (!id) throw new Error(`route-chunks: no module ${source}`);
      return id;
    };
    const resolved = chunks.map((chunk) => ({ ...chunk, from: chunk.from.map(idOf) }));
    return assignRouteChunks([...initial], resolved, importsOf);
  };
  const plugin: Plugin = {
    name: 'tideline-route-chunks',
    apply: 'build',
    buildEnd(error) {
      if (error) return;
      ids = [...this.getModuleIds()];
      const graph = new Map(ids.map((id) => [id, this.getModuleInfo(id)?.importedIds ?? []]));
      importsOf = (id) => graph.get(id);
      initial.clear();
      owner = null;
    },
  };
  const groups: ChunkGroup[] = [
    {
      tags: ['$initial'],
      name: (id) => {
        initial.add(id);
        return null;
      },
    },
    { name: (id) => (owner ??= assign()).get(id) ?? null },
  ];
  return { plugin, groups };
}
