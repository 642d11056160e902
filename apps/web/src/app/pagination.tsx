/**
 * Previous / "Page n of m" / Next. With a `label` it is a navigation landmark of that name, else a plain row.
 */
export function Pagination({
  page,
  pages,
  onPage,
  className,
  label,
}: {
  page: number;
  pages: number;
  onPage: (p: number) => void;
  className: string;
  label?: string;
}) {
  const buttons = (
    <>
      <button type="button" className="btn btn-outline btn-sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous
      </button>
      <span>
        Page {page} of {pages}
      </span>
      <button
        type="button"
        className="btn btn-outline btn-sm"
        disabled={page >= pages}
        onClick={() => onPage(page + 1)}
      >
        Next
      </button>
    </>
  );
  return label ? (
    <nav className={className} aria-label={label}>
      {buttons}
    </nav>
  ) : (
    <div className={className}>{buttons}</div>
  );
}
