/**
 * Problem descriptions as sanitised rich HTML (spec: "rendered as HTML"), through DOMPurify: text formatting,
 * lists, tables, code, headings, links and images. Links open in a new tab with rel="noopener noreferrer" and
 * only http(s)/mailto/relative targets. Images load only from data: URLs (raster formats) or the app's own
 * blob store (/api/blobs/…), so a description can never make the candidate's browser call another server.
 * No scripts, event handlers, styles, forms, frames or SVG. Text without any tag keeps its line breaks.
 * The sanitiser (rich-html.tsx) is its own chunk, loaded with the problem panel, not with the start screen.
 */
import { lazy, Suspense } from 'react';

const RichHtml = lazy(() => import('./rich-html'));
const HAS_TAG = /<[a-z][a-z0-9]*[\s/>]|<\/[a-z]/i;

export function SafeHtml({ html, className }: { html: string; className?: string }) {
  if (!HAS_TAG.test(html)) return <div className={`${className ?? ''} plain-description`}>{html}</div>;
  return (
    <Suspense fallback={<div className={className} aria-busy="true" />}>
      <RichHtml html={html} className={className} />
    </Suspense>
  );
}
