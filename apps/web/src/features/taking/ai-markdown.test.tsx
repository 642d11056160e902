/** The assistant's answer as text (issue 44): code blocks found while streaming, and no HTML from the answer. */

import { EditorState } from '@codemirror/state';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { editEvents } from '../playback/editor-recorder';
import { AnswerText, splitAnswer } from './ai-markdown';

describe('splitAnswer', () => {
  it('splits text and fenced code, and marks a fence still streaming as open', () => {
    expect(splitAnswer('Use this:\n```python\nprint(1)\n```\nDone.')).toEqual([
      { kind: 'text', text: 'Use this:\n' },
      { kind: 'code', lang: 'python', code: 'print(1)', open: false },
      { kind: 'text', text: '\nDone.' },
    ]);
    expect(splitAnswer('Start\n```js\nlet a')).toEqual([
      { kind: 'text', text: 'Start\n' },
      { kind: 'code', lang: 'js', code: 'let a', open: true },
    ]);
  });
});

describe('AnswerText', () => {
  it('renders HTML in an answer as text, and offers Insert only for whole code blocks', () => {
    const html = renderToStaticMarkup(
      <AnswerText
        markdown={
          '<img src=x onerror="alert(1)"> and `<b>x</b>`\n```html\n<script>alert(2)</script>\n```\n```js\nopen('
        }
        insertLabel="Insert"
        onInsert={() => {}}
        canInsert
      />,
    );
    expect(html).not.toContain('<img');
    expect(html).not.toContain('<script');
    expect(html).not.toContain('<b>');
    expect(html).toContain('&lt;img src=x');
    expect(html).toContain('&lt;script&gt;alert(2)&lt;/script&gt;');
    expect(html.match(/<button/g)).toHaveLength(1);
  });
});

describe('an Insert from the assistant', () => {
  it('is recorded as an `assistant` edit, not a paste', () => {
    const state = EditorState.create({ doc: 'x = 1\n' });
    const tr = state.update({ changes: { from: 6, insert: 'print(x)' }, userEvent: 'input.assistant' });
    expect(editEvents(tr, 5)).toEqual([{ at: 5, from: 6, to: 6, insert: 'print(x)', kind: 'assistant' }]);
  });
});
