import type { ExtractionError } from '../core/extraction-error.js';

/**
 * What a rule callback answers: nothing when all is well, else the problem, which refuses the file:
 * a message (a 'malformed' error, the line added) or a whole error such as a limit.
 */
export type RuleOutcome = string | ExtractionError | undefined | void;

/** The attributes of the element being opened, read by name as written (prefix and all). */
export interface XmlAttributes {
  get(name: string): string | undefined;
}

/**
 * How to read one element: the rules of the children worth following (every other child and all
 * it holds is skipped), and callbacks for its opening, its trimmed text and its end. Names are
 * local names: namespace prefixes are dropped so every camt version reads alike.
 */
export interface XmlRule {
  children?: Readonly<Record<string, XmlRule>>;
  /** `attributes` can be read only during the call. */
  open?: (attributes: XmlAttributes) => RuleOutcome;
  /** Only elements with a text callback collect their text; what it returns is ignored (checks belong in close). */
  text?: (text: string) => void;
  close?: () => RuleOutcome;
}

/**
 * A rule with its children in an array indexed by the key of their name, one load per element;
 * every compiled rule has the same fields, so reading them stays monomorphic (the XmlRule literals
 * come in a dozen shapes, which made each callback lookup a megamorphic one).
 */
export interface CompiledRule {
  open: XmlRule['open'];
  text: XmlRule['text'];
  close: XmlRule['close'];
  children: (CompiledRule | undefined)[] | undefined;
}

export interface CompiledRules {
  root: CompiledRule;
  /** Every name some rule follows, to its key; a name not here has no rule anywhere. */
  keys: ReadonlyMap<string, number>;
}

/** Numbers the names the rules follow and turns each rule's children into an array by that number. */
export function compileXmlRules(root: XmlRule): CompiledRules {
  const keys = new Map<string, number>();
  const done = new Map<XmlRule, CompiledRule>();
  const compile = (rule: XmlRule): CompiledRule => {
    const known = done.get(rule);
    if (known) return known;
    const compiled: CompiledRule = {
      open: rule.open,
      text: rule.text,
      close: rule.close,
      children: undefined,
    };
    done.set(rule, compiled);
    if (rule.children) {
      const children: (CompiledRule | undefined)[] = [];
      for (const [name, child] of Object.entries(rule.children)) {
        let key = keys.get(name);
        if (key === undefined) keys.set(name, (key = keys.size));
        children[key] = compile(child);
      }
      compiled.children = children;
    }
    return compiled;
  };
  return { root: compile(root), keys };
}
