import { Link } from 'react-router-dom';

// Every link leads to a real page of this installation (issue 26: no placeholders).
const COLUMNS = [
  {
    title: 'Product',
    links: [
      ['How it works', '/about'],
      ['Register your company', '/owner?tab=register'],
    ],
  },
  {
    title: 'Resources',
    links: [
      ['API description (OpenAPI)', '/api/openapi.json'],
      ['Contact', '/contact'],
    ],
  },
] as const;

export function Footer() {
  return (
    <footer className="footer">
      <div className="container footer-grid">
        <div>
          <Link to="/" className="brand">
            <img src="/favicon.svg" alt="" width={24} height={24} /> Assessly
          </Link>
          <p>Skills-based hiring with fair, proctored assessments.</p>
        </div>
        {COLUMNS.map((c) => (
          <div key={c.title}>
            <h2 className="footer-title">{c.title}</h2>
            <ul className="footer-links">
              {c.links.map(([label, to]) => (
                <li key={label}>{to.startsWith('/api') ? <a href={to}>{label}</a> : <Link to={to}>{label}</Link>}</li>
              ))}
            </ul>
          </div>
        ))}
      </div>
      <div className="container footer-bottom">© {new Date().getFullYear()} Assessly. All rights reserved.</div>
    </footer>
  );
}
