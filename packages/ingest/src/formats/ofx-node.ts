import { detachText } from './detach-text.js';

/** An element of an OFX record: a leaf with text, or an aggregate with children. Names upper-cased. */
export interface OfxNode {
  name: string;
  text?: string;
  children: OfxNode[];
}

export function findAll(node: OfxNode, name: string, out: OfxNode[] = []): OfxNode[] {
  for (const child of node.children) {
    if (child.name === name) out.push(child);
    else findAll(child, name, out);
  }
  return out;
}

export function findFirst(node: OfxNode | undefined, name: string): OfxNode | undefined {
  if (!node) return undefined;
  for (const child of node.children) {
    if (child.name === name) return child;
    const found = findFirst(child, name);
    if (found) return found;
  }
  return undefined;
}

/** Trimmed text of the first element of that name, copied out of the parser's chunk; undefined when empty. */
export function findText(node: OfxNode | undefined, name: string): string | undefined {
  const text = findFirst(node, name)?.text?.trim();
  return text === undefined || text === '' ? undefined : detachText(text);
}
