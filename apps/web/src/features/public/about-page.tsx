import { type KeyboardEvent, useRef, useState } from 'react';
import { FeatureCard, type FeatureItem } from './icons';
import './public.css';
import { PubSection } from './pub-section';

const TABS = [
  {
    id: 'mission',
    label: 'Mission',
    title: 'Our mission',
    text: [
      'Give every candidate a fair chance to show what they can do, and give every employer evidence they can trust.',
      'A résumé says where someone has been. A well-run assessment shows what they can build today. We make that assessment easy to set up, hard to cheat and quick to review, so skills decide who gets hired.',
    ],
  },
  {
    id: 'vision',
    label: 'Vision',
    title: 'Our vision',
    text: [
      'A hiring world where the first conversation is about real work, wherever the candidate lives.',
      'We want a developer in a small town to be measured by the same honest test as one in a capital city, and a ten-person start-up to run hiring with the same rigour as a large enterprise.',
    ],
  },
  {
    id: 'how',
    label: 'How it works',
    title: 'How it works',
    text: [
      'An employer writes coding problems with example and hidden test cases, or multiple-choice aptitude questions, sets a time window and a duration, and invites candidates by email.',
      'Candidates solve the problems in the browser. Their code runs in a sandbox without network access; the hidden cases decide the score. When the test turns on webcam checks, the browser compares the face in front of the camera with the photo taken at the start.',
    ],
  },
] as const;

type TabId = (typeof TABS)[number]['id'];

const VALUES: FeatureItem[] = [
  {
    icon: 'shield',
    title: 'Security First',
    text: 'Candidate data and company tests are protected by design, not by an afterthought.',
  },
  {
    icon: 'bulb',
    title: 'Innovation',
    text: 'We use AI where it makes hiring fairer and leave it out where it would not.',
  },
  {
    icon: 'heart',
    title: 'People-Centric',
    text: 'Every test is taken by a nervous human being. We design for them as much as for recruiters.',
  },
  {
    icon: 'globe',
    title: 'Global Impact',
    text: 'Talent is everywhere. A browser and a webcam should be all it takes to be seen.',
  },
];

const FACTS = [
  ['Open source', 'The code of the whole platform is public: the server, the web app, the judge and the proctoring.'],
  [
    'Self-hosted',
    'One server process with an embedded database, or PostgreSQL and separate judge workers when you grow.',
  ],
  ['Sandboxed judge', 'Each run is isolated with bubblewrap: no network, limited time, memory and processes.'],
  ['Roles', 'Owners, admins, recruiters and reviewers each see and do only what their role allows.'],
] as const;

export function AboutPage() {
  return (
    <main>
      <header className="page-hero">
        <div className="container">
          <span className="eyebrow">About Assessly</span>
          <h1>Fair hiring, measured by real skills</h1>
          <p>An open, self-hostable platform for coding and aptitude assessments.</p>
        </div>
      </header>

      <section className="pub-section" style={{ paddingTop: '1rem' }}>
        <div className="container">
          <AboutTabs />
        </div>
      </section>

      <PubSection id="values-title" title="Our core values" alt>
        <div className="values">
          {VALUES.map((v) => (
            <FeatureCard key={v.title} item={v} />
          ))}
        </div>
      </PubSection>

      <PubSection id="facts-title" title="What it is made of">
        <ol className="timeline">
          {FACTS.map(([title, text]) => (
            <li key={title}>
              <h3>{title}</h3>
              <p>{text}</p>
            </li>
          ))}
        </ol>
      </PubSection>
    </main>
  );
}

/** WAI-ARIA tabs: roving tabindex, arrow keys and Home/End move between tabs and select them. */
function AboutTabs() {
  const [active, setActive] = useState<TabId>('mission');
  const refs = useRef<Record<string, HTMLButtonElement | null>>({});
  const select = (index: number) => {
    const tab = TABS[(index + TABS.length) % TABS.length]!;
    setActive(tab.id);
    refs.current[tab.id]?.focus();
  };
  const onKeyDown = (e: KeyboardEvent, index: number) => {
    const moves: Record<string, number> = {
      ArrowRight: index + 1,
      ArrowLeft: index - 1,
      Home: 0,
      End: TABS.length - 1,
    };
    const next = moves[e.key];
    if (next === undefined) return;
    e.preventDefault();
    select(next);
  };
  const current = TABS.find((t) => t.id === active) ?? TABS[0];
  return (
    <div className="tabs">
      <div role="tablist" aria-label="About us" className="tablist">
        {TABS.map((t, i) => (
          <button
            key={t.id}
            ref={(el) => {
              refs.current[t.id] = el;
            }}
            type="button"
            role="tab"
            id={`tab-${t.id}`}
            className="tab"
            aria-selected={t.id === active}
            aria-controls={`panel-${t.id}`}
            tabIndex={t.id === active ? 0 : -1}
            onClick={() => setActive(t.id)}
            onKeyDown={(e) => onKeyDown(e, i)}
          >
            {t.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`panel-${current.id}`} aria-labelledby={`tab-${current.id}`} className="card tabpanel">
        <h2>{current.title}</h2>
        <p style={{ fontSize: '1.15rem', fontWeight: 500 }}>{current.text[0]}</p>
        <p className="muted">{current.text[1]}</p>
      </div>
    </div>
  );
}
