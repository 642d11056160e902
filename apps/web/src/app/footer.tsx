import { Link } from 'react-router-dom';

const COLUMNS = [
  {
    title: 'Product',
    links: [
      ['Coding tests', '/owner'],
      ['Aptitude tests', '/owner'],
      ['Proctoring', '/about'],
      ['Pricing', '/contact'],
    ],
  },
  {
    title: 'Resources',
    links: [
      ['Documentation', '/about'],
      ['Guides', '/about'],
      ['Support', '/contact'],
      ['Status', '/api/health'],
    ],
  },
  {
    title: 'Company',
    links: [
      ['About', '/about'],
      ['Contact', '/contact'],
      ['Register your company', '/owner'],
      ['Careers', '/contact'],
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
