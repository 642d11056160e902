/**
 * The Markdown and DOMPurify half of ProblemStatement, in its own chunk: the start screen never loads it, the
 * problem panel does. Allow-list and link/image rules are described in safe-html.tsx.
 */
import DOMPurify from 'dompurify';
import { Marked } from 'marked';
import { useMemo } from 'react';

const TAGS = [
  'p',
  'br',
  'hr',
  'div',
  'span',
  'b',
  'strong',
  'i',
  'em',
  'u',
  's',
  'sub',
  'sup',
  'small',
  'mark',
  'kbd',
  'code',
  'pre',
  'blockquote',
  'ul',
  'ol',
  'li',
  'dl',
  'dt',
  'dd',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'table',
  'caption',
  'thead',
  'tbody',
  'tfoot',
  'tr',
  'th',
  'td',
  'a',
  'img',
];
/** MathML Core, as KaTeX writes it for imported LaTeX statements (issue 26); the browser lays it out. */
const MATH_TAGS = [
  'math',
  'semantics',
  'mrow',
  'mi',
  'mn',
  'mo',
  'ms',
  'mtext',
  'mspace',
  'msup',
  'msub',
  'msubsup',
  'mfrac',
  'msqrt',
  'mroot',
  'mover',
  'munder',
  'munderover',
  'mtable',
  'mtr',
  'mtd',
  'mstyle',
  'mpadded',
  'mphantom',
];
const MATH_ATTRS = [
  'xmlns',
  'display',
  'mathvariant',
  'stretchy',
  'fence',
  'separator',
  'lspace',
  'rspace',
  'accent',
  'accentunder',
  'linethickness',
  'columnalign',
  'rowspacing',
  'columnspacing',
  'scriptlevel',
  'displaystyle',
  'minsize',
  'maxsize',
  'movablelimits',
];
const ATTRS = ['href', 'title', 'alt', 'src', 'width', 'height', 'colspan', 'rowspan', 'scope', 'start'];

const SAFE_IMAGE = /^data:image\/(png|jpeg|gif|webp);base64,[a-z0-9+/=\s]+$/i;
const SAFE_LINK = /^(https?:|mailto:|#|\/(?!\/))/i;

/**
 * True for an image source the page may load: a raster data: URL or a file of this app's blob store
 * (/api/blobs/…). Other same-origin paths are refused too: an image must never make the candidate's browser
 * call an API route (e.g. a GET that accepts an invitation) with the candidate's cookies.
 */
export function isAllowedImageSrc(src: string): boolean {
  const s = src.trim();
  return SAFE_IMAGE.test(s) || (/^\/api\/blobs\/[A-Za-z0-9._/-]+$/.test(s) && !s.includes('..'));
}

let configured = false;
function configure() {
  if (configured) return;
  configured = true;
  DOMPurify.addHook('afterSanitizeAttributes', (node) => {
    if (node.nodeName === 'A') {
      const href = node.getAttribute('href') ?? '';
      if (!SAFE_LINK.test(href.trim())) node.removeAttribute('href');
      node.setAttribute('target', '_blank');
      node.setAttribute('rel', 'noopener noreferrer');
    }
    if (node.nodeName === 'IMG') {
      const src = node.getAttribute('src') ?? '';
      if (!isAllowedImageSrc(src)) {
        node.removeAttribute('src');
        node.setAttribute('data-blocked', 'remote image not loaded');
      }
      node.setAttribute('loading', 'lazy');
      node.setAttribute('referrerpolicy', 'no-referrer');
    }
  });
}

export function sanitizeDescription(html: string): string {
  configure();
  return DOMPurify.sanitize(html, {
    ALLOWED_TAGS: [...TAGS, ...MATH_TAGS],
    ALLOWED_ATTR: [...ATTRS, ...MATH_ATTRS, 'target', 'rel', 'loading', 'referrerpolicy', 'data-blocked'],
    ALLOW_DATA_ATTR: false,
    ALLOWED_URI_REGEXP: /^(?:https?:|mailto:|data:image\/(?:png|jpeg|gif|webp);base64,|#|\/(?!\/))/i,
  });
}

/**
 * GitHub-flavoured Markdown (issue 46): code blocks, inline code, lists, tables; a single line break stays a
 * line break, as plain-text statements always showed. HTML in the text (the spec's HTML statements, the MathML
 * of imported LaTeX) passes through Markdown untouched and, like everything, through the sanitiser after it.
 */
const markdown = new Marked({ gfm: true, breaks: true, async: false });

/** A statement (Markdown, HTML or both) as the sanitised HTML the page shows. */
export function renderStatement(text: string): string {
  return sanitizeDescription(markdown.parse(text, { async: false }));
}

export default function RichHtml({ html, className }: { html: string; className?: string }) {
  const clean = useMemo(() => renderStatement(html), [html]);
  // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by DOMPurify with a strict allow-list above
  return <div className={className} dangerouslySetInnerHTML={{ __html: clean }} />;
}
