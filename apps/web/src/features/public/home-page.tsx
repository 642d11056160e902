import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { DemoDialog } from './demo-dialog';
import { FeatureRows } from './home-feature-rows';
import { Banner, FeatureGrid, SecurityBadges, Steps } from './home-sections';
import './public.css';

/** Facts about the product only: no invented usage figures (issue 26). */
const FIGURES = [
  ['Coding + aptitude', 'Two kinds of test'],
  ['Sandboxed', 'Every run isolated, no network'],
  ['Hidden cases', 'Decide the score'],
  ['Webcam checks', 'Optional, per test'],
  ['Self-hosted', 'Your server, your database'],
  ['Open source', 'Read and change the code'],
] as const;

export function HomePage() {
  const [demoOpen, setDemoOpen] = useState(false);
  return (
    <main>
      <Hero onWatchDemo={() => setDemoOpen(true)} />
      <section
        className="pub-section pub-section-alt"
        aria-label="Assessly at a glance"
        style={{ padding: '2.5rem 0' }}
      >
        <div className="container stats">
          {FIGURES.map(([value, label]) => (
            <div key={label} className="stat">
              <b>{value}</b>
              <span>{label}</span>
            </div>
          ))}
        </div>
      </section>
      <FeatureRows />
      <FeatureGrid />
      <Steps />
      <SecurityBadges />
      <Banner />
      <DemoDialog open={demoOpen} onClose={() => setDemoOpen(false)} />
    </main>
  );
}

function Hero({ onWatchDemo }: { onWatchDemo: () => void }) {
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const value = email.trim();
    // A blank email does nothing (spec): the form carries the work address over to company registration.
    if (!value) return;
    navigate(`/owner?tab=register&email=${encodeURIComponent(value)}`);
  };
  return (
    <section className="hero">
      <div className="container hero-grid">
        <div>
          <span className="pill">
            <span className="pill-dot" aria-hidden="true" /> AI-proctored coding and aptitude tests
          </span>
          <h1>
            Hire on skills, <span className="grad">not guesses.</span>
          </h1>
          <p className="hero-lead">
            Assessly runs fair, cheat-resistant technical assessments for you: real coding problems in Python, Java,
            C++, JavaScript, TypeScript and more, aptitude tests, face-verified proctoring and automatic scoring, so
            your team only interviews the people who can do the job.
          </p>
          <form className="hero-form" onSubmit={onSubmit} aria-label="Get started">
            <label htmlFor="hero-email" className="sr-only">
              Work email
            </label>
            <input
              id="hero-email"
              type="email"
              placeholder="Enter your work email"
              autoComplete="email"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
            />
            <button type="submit" className="btn btn-primary">
              Get Started Free
            </button>
          </form>
          <div className="hero-actions">
            <button type="button" className="btn btn-outline btn-play" onClick={onWatchDemo}>
              <span className="play" aria-hidden="true">
                ▶
              </span>
              Watch Demo
            </button>
          </div>
          <div className="hero-trust">
            <span>Open source</span>
            <span>Runs on your own server</span>
            <span>No per-candidate fees</span>
          </div>
        </div>
        <ProctoringReport />
      </div>
    </section>
  );
}

const EVENTS = [
  ['Identity matched to the enrolment photo', '00:00', 'badge-success', 'OK'],
  ['Tab switch detected (4 s)', '12:41', 'badge-warning', 'Flagged'],
  ['Paste from outside the editor (412 characters)', '27:05', 'badge-warning', 'Flagged'],
  ['Single face in frame throughout', '—', 'badge-success', 'OK'],
] as const;

/** A static picture of the report an employer reads after a proctored attempt. */
function ProctoringReport() {
  return (
    <figure className="report" aria-label="Example proctoring report (made-up candidate)" style={{ margin: 0 }}>
      <div className="report-bar">
        <span>Proctoring report · example</span>
        <span className="badge badge-success">Low risk</span>
      </div>
      <div className="report-body">
        <div className="report-candidate">
          <span className="avatar" aria-hidden="true">
            PR
          </span>
          <div>
            <b>Priya Raman</b>
            <div className="muted" style={{ fontSize: '0.88rem' }}>
              Backend Engineer · Coding test · 60 min
            </div>
          </div>
        </div>
        <div className="report-scores">
          <div className="report-score">
            <b>86%</b>
            <span>Test score</span>
          </div>
          <div className="report-score">
            <b>14/15</b>
            <span>Test cases passed</span>
          </div>
          <div className="report-score">
            <b>2</b>
            <span>Integrity signals</span>
          </div>
        </div>
        <ul className="report-events">
          {EVENTS.map(([text, at, tone, label]) => (
            <li key={text}>
              <span>
                <span className={`badge ${tone}`}>{label}</span> {text}
              </span>
              <time>{at}</time>
            </li>
          ))}
        </ul>
      </div>
    </figure>
  );
}
