/**
 * A tiny safe renderer for problem descriptions (spec: "rendered as HTML"). The text is never handed to
 * innerHTML: a few tags without attributes (p, br, code, pre, b, strong, i, em, ul, ol, li, h3, h4) become
 * React elements, every other character is text that React escapes. Plain text keeps its line breaks.
 */
import { createElement, type ReactNode } from 'react';

const ALLOWED = new Set([
  'p',
  'br',
  'code',
  'pre',
  'b',
  'strong',
  'i',
  'em',
  'ul',
  'ol',
  'li',
  'h3',
  'h4',
  'sub',
  'sup',
]);
const TAG = /<(\/?)([a-zA-Z][a-zA-Z0-9]*)\s*\/?>/g;
const ENTITIES: Record<string, string> = {
  '&lt;': '<',
  '&gt;': '>',
  '&amp;': '&',
  '&quot;': '"',
  '&#39;': "'",
  '&nbsp;': '\u00a0',
};

function decode(text: string): string {
  return text.replace(/&(lt|gt|amp|quot|#39|nbsp);/g, (m) => ENTITIES[m] ?? m);
}

interface Node {
  tag: string;
  children: (Node | string)[];
}

export function parseSafeHtml(source: string): Node {
  const root: Node = { tag: 'root', children: [] };
  const stack: Node[] = [root];
  let last = 0;
  const top = () => stack[stack.length - 1]!;
  for (const m of source.matchAll(TAG)) {
    const [whole, closing, rawName] = m;
    const name = rawName!.toLowerCase();
    if (m.index > last) top().children.push(decode(source.slice(last, m.index)));
    last = m.index + whole.length;
    if (!ALLOWED.has(name)) {
      top().children.push(whole); // shown as text, never interpreted
      continue;
    }
    if (name === 'br') {
      top().children.push({ tag: 'br', children: [] });
    } else if (!closing) {
      const node: Node = { tag: name, children: [] };
      top().children.push(node);
      stack.push(node);
    } else {
      const at = stack.map((n) => n.tag).lastIndexOf(name);
      if (at > 0) stack.length = at; // close it (and anything left open inside it)
    }
  }
  if (last < source.length) top().children.push(decode(source.slice(last)));
  return root;
}

function render(node: Node | string, key: number, inPre: boolean): ReactNode {
  if (typeof node === 'string') {
    if (inPre) return node;
    const lines = node.split('\n');
    return lines.flatMap((line, i) => (i === 0 ? [line] : [createElement('br', { key: `${key}-${i}` }), line]));
  }
  const pre = inPre || node.tag === 'pre';
  const children = node.children.map((c, i) => render(c, i, pre));
  return createElement(node.tag === 'root' ? 'div' : node.tag, { key }, ...(node.tag === 'br' ? [] : children));
}

export function SafeHtml({ html, className }: { html: string; className?: string }) {
  const tree = parseSafeHtml(html);
  return <div className={className}>{tree.children.map((c, i) => render(c, i, false))}</div>;
}
