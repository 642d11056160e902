/** The static marketing sections of the home page (spec part 1 §2 'Home'): grid, steps, quotes, security, banner. */
import { Link } from 'react-router-dom';
import { FeatureCard, type FeatureItem, Icon, type IconName } from './icons';
import { PubSection } from './pub-section';

const GRID: FeatureItem[] = [
  {
    icon: 'clipboard',
    title: 'Copy-paste detection',
    text: 'Pasted code and text are spotted and logged, so the work you score is the candidate’s own.',
  },
  {
    icon: 'face',
    title: 'Face recognition',
    text: 'The face at the keyboard is matched against the enrolment photo taken at the start, and checked again during the test.',
  },
  {
    icon: 'video',
    title: 'Automated proctoring',
    text: 'The automated proctor keeps an eye on every candidate at once, and each flag comes with its snapshot.',
  },
  {
    icon: 'brain',
    title: 'AI behaviour analysis',
    text: 'Extra people, phones in view and a face that leaves the frame are reported as signals, each with its rule and evidence; no opaque score.',
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
    <PubSection
      id="grid-title"
      title="Built to keep assessments honest"
      eyebrow="Features"
      lead="Six safeguards work together on every attempt, with nothing for the candidate to install."
      alt
    >
      <div className="feature-grid">
        {GRID.map((f) => (
          <FeatureCard key={f.title} item={f} />
        ))}
      </div>
    </PubSection>
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
    <PubSection id="steps-title" title="Four steps from opening to offer" eyebrow="How it works">
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
    </PubSection>
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
    text: 'Run it on your own servers, with PostgreSQL or the embedded database.',
  },
];

export function SecurityBadges() {
  return (
    <PubSection id="security-title" title="Security you can explain to your legal team" eyebrow="Security">
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
    </PubSection>
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
              <li>One short form: company name and work email</li>
              <li>Invite your team with roles</li>
              <li>Open source and self-hosted</li>
            </ul>
          </div>
          <div className="banner-actions">
            <Link to="/owner?tab=register" className="btn btn-white btn-lg">
              Register Your Company
            </Link>
            <Link to="/contact" className="btn btn-ghost-white btn-lg">
              Contact us
            </Link>
          </div>
        </div>
      </div>
    </section>
  );
}
