import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { build, type Rolldown } from 'vite';
import { afterEach, describe, expect, it } from 'vitest';
import { assignRouteChunks, routeChunks } from './route-chunks';

const graph: Record<string, string[]> = {
  main: ['react', 'routes'],
  react: [],
  routes: [],
  signIn: ['button', 'form', 'react'],
  form: ['button'],
  button: ['react'],
  shell: ['button', 'menu'],
  menu: ['popper'],
  popper: [],
  dashboard: ['table', 'menu', 'chip'],
  profile: ['table', 'chart'],
  table: ['button'],
  chip: [],
  chart: [],
};
const importsOf = (id: string) => graph[id];
const initial = ['main', 'react', 'routes'];

describe('assignRouteChunks', () => {
  it('gives each chunk what its routes reach that the entry and the chunks before it did not take', () => {
    const owner = assignRouteChunks(
      initial,
      [
        { name: 'sign-in', from: ['signIn'] },
        { name: 'shell', from: ['shell'] },
        { name: 'screens', from: ['dashboard', 'profile'] },
        { name: 'dashboard', from: ['dashboard'] },
        { name: 'profile', from: ['profile'] },
      ],
      importsOf,
    );
    expect(Object.fromEntries(owner)).toEqual({
      button: 'sign-in',
      form: 'sign-in',
      menu: 'shell',
      popper: 'shell',
      table: 'screens',
      chip: 'dashboard',
      chart: 'profile',
    });
  });

  it('fails when a grouped module imports one that no earlier chunk holds', () => {
    // The route module stays a chunk of its own, so a grouped module importing it would make a cycle.
    const cyclic: Record<string, string[]> = { ...graph, form: ['button', 'shell'] };
    expect(() =>
      assignRouteChunks(
        initial,
        [
          { name: 'sign-in', from: ['signIn'] },
          { name: 'shell', from: ['shell'] },
        ],
        (id) => cyclic[id],
      ),
    ).toThrow('route-chunks: form (sign-in) imports shell, which no earlier chunk holds');
  });

  it('fails on a route that is not in the graph', () => {
    expect(() => assignRouteChunks(initial, [{ name: 'x', from: ['nowhere'] }], importsOf)).toThrow(
      'route-chunks: nowhere is not in the module graph',
    );
  });
});

let dir: string | undefined;
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

function write(files: Record<string, string>) {
  for (const [name, content] of Object.entries(files)) {
    const file = path.join(dir!, name);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, content);
  }
}

describe('routeChunks in a real build', () => {
  it('puts each route’s modules in one chunk beside the route’s own, and leaves the entry as it was', async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'route-chunks-'));
    const leaf = (name: string, ...imports: string[]) =>
      `${imports.map((i) => `import { ${i} } from './${i}';`).join('\n')}\n` +
      `export const ${name} = () => [${imports.map((i) => `${i}()`).join(', ')}].length + '${name}'.repeat(200);\n`;
    write({
      'index.html':
        '<!doctype html><html><body><script type="module" src="/src/main.js"></script></body></html>',
      'src/main.js':
        "import { core } from './core';\nimport { format } from './format';\n" +
        'console.log(core(), format());\n' +
        "Promise.all([import('./sign-in'), import('./shell'), import('./other')]).then(console.log);\n",
      // format re-exports two helpers; the entry uses one. The other is not the entry's, so it joins
      // the sign-in chunk instead of a chunk of its own.
      'src/format.js': "export { format } from './format-one';\nexport { money } from './format-two';\n",
      'src/format-one.js': leaf('format'),
      'src/format-two.js': leaf('money'),
      'src/core.js': leaf('core'),
      'src/sign-in.js':
        "import { button } from './button';\nimport { money } from './format';\nexport default () => button() + money();\n",
      'src/button.js': leaf('button', 'core'),
      'src/shell.js': "import { menu } from './menu';\nexport default () => menu();\n",
      'src/menu.js': leaf('menu', 'button', 'popper'),
      'src/popper.js': leaf('popper'),
      'src/other.js':
        "import { popper } from './popper';\nimport { button } from './button';\nexport default () => popper() + button();\n",
    });
    const screens = routeChunks([
      { name: 'sign-in-group', from: ['src/sign-in.js'] },
      { name: 'shell-group', from: ['src/shell.js'] },
    ]);
    const output = (await build({
      root: dir,
      logLevel: 'silent',
      configFile: false,
      plugins: [screens.plugin],
      build: {
        write: false,
        minify: false,
        rolldownOptions: {
          output: { codeSplitting: { includeDependenciesRecursively: false, groups: screens.groups } },
        },
      },
    })) as Rolldown.RolldownOutput;
    const chunks = output.output.filter((item): item is Rolldown.OutputChunk => item.type === 'chunk');
    const modulesOf = (name: string) => {
      const chunk = chunks.find((c) => c.name === name);
      if (!chunk) throw new Error(`no chunk ${name}: ${chunks.map((c) => c.name).join(', ')}`);
      return Object.keys(chunk.modules).map((id) => path.basename(id));
    };
    expect(modulesOf('sign-in-group').sort()).toEqual(['button.js', 'format-two.js']);
    expect(modulesOf('shell-group').sort()).toEqual(['menu.js', 'popper.js']);
    expect(modulesOf('sign-in-group')).not.toContain('core.js');
    const entry = chunks.find((c) => c.isEntry)!;
    expect(Object.keys(entry.modules).map((id) => path.basename(id))).toEqual(
      expect.arrayContaining(['main.js', 'core.js', 'format-one.js']),
    );
    // The chunks import each other one way only: the shell's needs the sign-in's, never the reverse.
    const fileOf = (name: string) => chunks.find((c) => c.name === name)!.fileName;
    expect(chunks.find((c) => c.name === 'shell-group')!.imports).toContain(fileOf('sign-in-group'));
    expect(chunks.find((c) => c.name === 'sign-in-group')!.imports).not.toContain(fileOf('shell-group'));
  });
});
