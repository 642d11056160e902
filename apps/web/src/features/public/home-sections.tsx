/** The static marketing sections of the home page (spec part 1 §2 'Home'): grid, steps, quotes, security, banner. */
import { Link } from 'react-router-dom';
import { FeatureCard, type FeatureItem, Icon, type IconName } from './icons';

const GRID: FeatureItem[] = [
  {
    icon: 'clipboard',
    title: 'Copy-paste detection',
    text: 'Pasted code and text are spotted and logged, so the work you score is the candidate’s own.',
  },
  {
    icon: 'face',
    title: 'Face recognition',
    text: 'The face at the keyboard is matched against the sign-up photo at the start and during the test.',
  },
  {
    icon: 'video',
    title: 'Live proctoring',
    text: 'Watch an attempt as it happens, or let the automated proctor keep an eye on every candidate at once.',
  },
  {
    icon: 'brain',
    title: 'AI behaviour analysis',
    text: 'Gaze, extra people and phones in view are weighed into one integrity score with the evidence attached.',
  },
  {
    icon: 'mail',
    title: 'Automated emails',
    text: 'Invitations, reminders and status updates go out on their own, in your company’s name.',
  },
  {
    icon: 'chart',
    title: 'Scoring and shortlisting',
    text: 'Every submission is judged against hidden test cases and ranked the moment it is in.',
  },
];

export function FeatureGrid() {
  return (
    <section className="pub-section pub-section-alt" aria-labelledby="grid-title">
      <div className="container">
        <div className="pub-head">
          <span className="eyebrow">Features</span>
          <h2 id="grid-title">Built to keep assessments honest</h2>
          <p>Six safeguards work together on every attempt, with nothing for the candidate to install.</p>
        </div>
        <div className="feature-grid">
          {GRID.map((f) => (
            <FeatureCard key={f.title} item={f} />
          ))}
        </div>
      </div>
    </section>
  );
}

const STEPS = [
  [
    'Register your company',
    'Create a workspace for your company and invite your recruiters. It takes about two minutes.',
  ],
  ['Create tests', 'Pick aptitude questions or write coding problems with examples, hidden test cases and marks.'],
  ['Invite candidates', 'Send one link. Candidates verify their face and take the test in the browser, no installs.'],
  ['Analyse results', 'Read scores and proctoring reports, shortlist the best, and let Assessly email everyone.'],
] as const;

export function Steps() {
  return (
    <section className="pub-section" aria-labelledby="steps-title">
      <div className="container">
        <div className="pub-head">
          <span className="eyebrow">How it works</span>
          <h2 id="steps-title">Four steps from opening to offer</h2>
        </div>
        <ol className="steps">
          {STEPS.map(([title, text], i) => (
            <li key={title} className="step">
              <span className="step-num" aria-hidden="true">
                {i + 1}
              </span>
              <h3>{title}</h3>
              <p>{text}</p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}

const QUOTES = [
  [
    'We used to spend two engineer-days per hire on first-round interviews. Now the test does that round, and the people we meet can all code.',
    'Meera Iyer',
    'Head of Engineering, Finlytics',
    'MI',
  ],
  [
    'The proctoring report is the part our hiring managers read first. It is clear, it shows the evidence, and it has never accused someone unfairly.',
    'James Okafor',
    'Talent Lead, CloudNest',
    'JO',
  ],
  [
    'Candidates tell us the test felt fair. We filled six backend roles in a month, about 70% faster than our last round.',
    'Sofia Alvarez',
    'CTO, Parcelly',
    'SA',
  ],
] as const;

export function Testimonials() {
  return (
    <section className="pub-section pub-section-alt" aria-labelledby="quotes-title">
      <div className="container">
        <div className="pub-head">
          <span className="eyebrow">Customers</span>
          <h2 id="quotes-title">Hiring teams that made the switch</h2>
        </div>
        <div className="quotes">
          {QUOTES.map(([text, name, role, initials]) => (
            <figure key={name} className="quote">
              <span className="stars" role="img" aria-label="5 out of 5 stars">
                ★★★★★
              </span>
              <blockquote>“{text}”</blockquote>
              <figcaption>
                <span className="avatar" aria-hidden="true">
                  {initials}
                </span>
                <span>
                  <b>{name}</b>
                  <small>{role}</small>
                </span>
              </figcaption>
            </figure>
          ))}
        </div>
      </div>
    </section>
  );
}

const SECURITY: { icon: IconName; title: string; text: string }[] = [
  {
    icon: 'lock',
    title: 'Encrypted sessions',
    text: 'Passwords hashed with Argon2id; sessions kept in httpOnly cookies.',
  },
  {
    icon: 'shield',
    title: 'Isolated workspaces',
    text: 'Each company sees only its own tests, candidates and results.',
  },
  {
    icon: 'box',
    title: 'Sandboxed code',
    text: 'Candidate code runs with no network and strict limits, then is thrown away.',
  },
  {
    icon: 'server',
    title: 'Your data, your choice',
    text: 'Run it in our cloud or on your own servers with your own database.',
  },
];

export function SecurityBadges() {
  return (
    <section className="pub-section" aria-labelledby="security-title">
      <div className="container">
        <div className="pub-head">
          <span className="eyebrow">Security</span>
          <h2 id="security-title">Security you can explain to your legal team</h2>
        </div>
        <div className="badges">
          {SECURITY.map((s) => (
            <div key={s.title} className="sec-badge">
              <span className="icon-box">
                <Icon name={s.icon} />
              </span>
              <span>
                <b>{s.title}</b>
                <span>{s.text}</span>
              </span>
            </div>
          ))}
        </div>
      </div>
    </section>
  );
}

export function Banner() {
  return (
    <section className="pub-section" style={{ paddingTop: 0 }} aria-labelledby="banner-title">
      <div className="container">
        <div className="banner">
          <div>
            <h2 id="banner-title">Register Your Company Today</h2>
            <p>Set up your workspace, create your first test and invite candidates this afternoon.</p>
            <ul className="banner-perks">
              <li>30-day free trial</li>
              <li>No setup fees</li>
              <li>3 months free if you sign up before the end of the month</li>
            </ul>
          </div>
          <div className="banner-actions">
            <Link to="/owner" className="btn btn-white btn-lg">
              Register Your Company
            </Link>
            <Link to="/contact" className="btn btn-ghost-white btn-lg">
              Schedule a Demo
            </Link>
          </div>
        </div>
      </div>
    </section>
  );
}
