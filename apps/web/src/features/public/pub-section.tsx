import type { ReactNode } from 'react';

/** A section of the public pages: the head (eyebrow, title, lead) over the content, on the plain or alternate band. */
export function PubSection({
  id,
  title,
  eyebrow,
  lead,
  alt = false,
  children,
}: {
  id: string;
  title: string;
  eyebrow?: string;
  lead?: string;
  alt?: boolean;
  children: ReactNode;
}) {
  return (
    <section className={alt ? 'pub-section pub-section-alt' : 'pub-section'} aria-labelledby={id}>
      <div className="container">
        <div className="pub-head">
          {eyebrow && <span className="eyebrow">{eyebrow}</span>}
          <h2 id={id}>{title}</h2>
          {lead && <p>{lead}</p>}
        </div>
        {children}
      </div>
    </section>
  );
}
