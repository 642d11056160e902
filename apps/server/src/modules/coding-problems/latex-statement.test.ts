import { describe, expect, it } from 'vitest';
import { latexStatement, mathToText } from './latex-statement';

const STATEMENT = String.raw`\problemname{Add Two}
% a comment the candidate must not see
Given two integers, print their \emph{sum}.\\
The answer fits in 64~bits; use \texttt{long} in Java --- or not.

\section*{Input}
The input has one line with two integers $a$ and $b$ ($1 \le a, b \le 10^{9}$) and
a count $n$ ($0 \leq n < 2^{31}$).

\section*{Output}
Print $a+b$.
\begin{itemize}
  \item one line;
  \item no \textbf{spaces}.
\end{itemize}
$$\sum_{i=1}^{n} i$$
\begin{verbatim}
1 2 <3>
\end{verbatim}
`;

describe('latexStatement (Kattis problem.en.tex)', () => {
  it('renders sections, paragraphs, lists, formatting and verbatim as HTML, math as MathML', () => {
    const { html } = latexStatement(STATEMENT);
    expect(html).not.toMatch(/\\section|\\emph|\\item|\\begin|\$|comment the candidate|\\problemname/);
    expect(html).toContain('<h2>Input</h2>');
    expect(html).toContain('<h2>Output</h2>');
    expect(html).toContain('<em>sum</em>');
    expect(html).toContain('<code>long</code>');
    expect(html).toContain('64\u00a0bits');
    expect(html).toContain('—');
    expect(html).toMatch(/<ul><li>one line;<\/li><li>no <strong>spaces<\/strong>.<\/li><\/ul>/);
    expect(html).toContain('<pre>1 2 &lt;3&gt;\n</pre>');
    expect(html).toMatch(
      /<math xmlns="http:\/\/www.w3.org\/1998\/Math\/MathML"><semantics><mrow><mn>1<\/mn><mo>≤<\/mo>/,
    );
    expect(html).toContain('display="block"');
    expect(html).not.toContain('<annotation');
  });

  it('takes the bounds written in the Input section as the constraints', () => {
    expect(latexStatement(STATEMENT).constraints).toEqual(['1 ≤ a, b ≤ 10^9', '0 ≤ n < 2^31']);
  });

  it('prefers a Constraints section, and leaves it out of the statement', () => {
    const tex = String.raw`Say hi.
\section*{Constraints}
\begin{itemize}\item $1 \le n \le 100$ \item $s$ has only lowercase letters\end{itemize}
\section*{Output}
Print hi.`;
    const { html, constraints } = latexStatement(tex);
    expect(constraints).toEqual(['1 ≤ n ≤ 100', 's has only lowercase letters']);
    expect(html).not.toContain('Constraints');
    expect(html).toContain('<h2>Output</h2>');
  });

  it('escapes HTML in the text and never throws on bad math', () => {
    const { html } = latexStatement(String.raw`<script>alert(1)</script> and $\frac{1}{$ and \unknown{kept}`);
    expect(html).not.toContain('<script>');
    expect(html).toContain('&lt;script&gt;');
    expect(html).toContain('kept');
    expect(mathToText(String.raw`1 \leq |s| \leq 2 \cdot 10^{5}`)).toBe('1 ≤ |s| ≤ 2 · 10^5');
  });
});
