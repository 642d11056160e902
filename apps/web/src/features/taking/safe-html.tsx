/**
 * Problem statements (issue 46): Markdown (GitHub's: code blocks, inline code, lists, tables, line breaks kept)
 * with HTML allowed in it (spec: "rendered as HTML"; imported LaTeX arrives as HTML with MathML), turned into
 * HTML by `marked` and then sanitised by DOMPurify: text formatting, lists, tables, code, headings, links,
 * images and MathML. Links open in a new tab with rel="noopener noreferrer" and only http(s)/mailto/relative
 * targets. Images load only from data: URLs (raster formats) or the app's own blob store (/api/blobs/…), so a
 * statement can never make the candidate's browser call another server. No scripts, event handlers, styles,
 * forms, frames or SVG. The renderer (rich-html.tsx) is its own chunk, loaded with the problem panel, not with
 * the start screen; until it arrives the text shows as it was typed.
 */
import { lazy, Suspense } from 'react';

const RichHtml = lazy(() => import('./rich-html'));

export function ProblemStatement({ text, className }: { text: string; className?: string }) {
  return (
    <Suspense fallback={<div className={`${className ?? ''} plain-description`}>{text}</div>}>
      <RichHtml html={text} className={className} />
    </Suspense>
  );
}
