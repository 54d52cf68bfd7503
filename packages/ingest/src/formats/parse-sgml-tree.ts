export interface SgmlNode {
  name: string;
  text?: string;
  children: SgmlNode[];
}

const TOKEN =
  /<!\[CDATA\[([\s\S]*?)\]\]>|<!--[\s\S]*?-->|<\?[\s\S]*?\?>|<(\/?)([A-Za-z0-9_.:-]+)(?:\s[^>]*)?>/g;
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

function decodeEntities(text: string): string {
  return text.replace(/&(#x?[0-9a-f]+|\w+);/gi, (whole, name: string) => {
    if (name.startsWith('#')) {
      const code =
        name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code < 0x110000 ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/**
 * Builds a tree from OFX 1.x SGML (leaf elements unclosed) or OFX 2.x XML alike: an element
 * followed by text is a leaf; a closing tag closes the nearest open element of that name, which
 * also closes any unclosed aggregates inside it.
 */
export function parseSgmlTree(text: string): SgmlNode {
  const root: SgmlNode = { name: '#root', children: [] };
  const stack: SgmlNode[] = [root];
  let pendingLeaf: SgmlNode | undefined;
  let last = 0;
  TOKEN.lastIndex = 0;
  for (let m = TOKEN.exec(text); m; m = TOKEN.exec(text)) {
    const between = text.slice(last, m.index);
    last = TOKEN.lastIndex;
    const top = stack[stack.length - 1] as SgmlNode;
    if (m[1] !== undefined) {
      // CDATA: literal text of the element that precedes it.
      const target = pendingLeaf ?? top;
      target.text = (target.text ?? '') + decodeEntities(between) + m[1];
      if (!pendingLeaf && target !== root) {
        stack.pop();
        pendingLeaf = target;
      }
      continue;
    }
    if (m[3] === undefined) continue;
    if (between.trim() !== '') {
      if (pendingLeaf) pendingLeaf.text = (pendingLeaf.text ?? '') + decodeEntities(between.trim());
      else if (top !== root) {
        // Text after an open tag: the element was a leaf, not an aggregate.
        top.text = decodeEntities(between.trim());
        stack.pop();
        pendingLeaf = top;
      }
    }
    const name = m[3].toUpperCase();
    if (m[2] === '/') {
      if (pendingLeaf?.name === name) {
        pendingLeaf = undefined;
        continue;
      }
      pendingLeaf = undefined;
      const at = stack.map((n) => n.name).lastIndexOf(name);
      if (at > 0) stack.length = at;
      continue;
    }
    pendingLeaf = undefined;
    const node: SgmlNode = { name, children: [] };
    (stack[stack.length - 1] as SgmlNode).children.push(node);
    stack.push(node);
  }
  return root;
}

export function findAll(node: SgmlNode, name: string, out: SgmlNode[] = []): SgmlNode[] {
  for (const child of node.children) {
    if (child.name === name) out.push(child);
    else findAll(child, name, out);
  }
  return out;
}

export function findFirst(node: SgmlNode | undefined, name: string): SgmlNode | undefined {
  if (!node) return undefined;
  for (const child of node.children) {
    if (child.name === name) return child;
    const found = findFirst(child, name);
    if (found) return found;
  }
  return undefined;
}

export function findText(node: SgmlNode | undefined, name: string): string | undefined {
  const text = findFirst(node, name)?.text?.trim();
  return text === undefined || text === '' ? undefined : text;
}
