import { describe, expect, it } from 'vitest';
import { parseSafeHtml } from './safe-html';

describe('parseSafeHtml', () => {
  it('keeps allowed tags as nodes and every other tag as text', () => {
    const tree = parseSafeHtml(
      '<p>Add <code>a</code> &amp; b</p><script>alert(1)</script><img src=x onerror=alert(1)>',
    );
    expect(tree.children[0]).toEqual({ tag: 'p', children: ['Add ', { tag: 'code', children: ['a'] }, ' & b'] });
    expect(tree.children.slice(1)).toEqual(['<script>', 'alert(1)', '</script>', '<img src=x onerror=alert(1)>']);
  });

  it('drops attributes by not matching tags that carry them, and closes unbalanced tags', () => {
    const tree = parseSafeHtml('<p onclick="x()">hi</p><b>bold <i>both</b> after');
    expect(tree.children).toEqual([
      '<p onclick="x()">hi',
      { tag: 'b', children: ['bold ', { tag: 'i', children: ['both'] }] },
      ' after',
    ]);
  });
});
