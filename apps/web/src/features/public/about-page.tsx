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
    id: 'story',
    label: 'Story',
    title: 'Our story',
    text: [
      'Assessly began as a final-year project by two engineering students who had both sat through online tests that were easy to game and painful to take.',
      'They built a browser coding environment with webcam proctoring for their college placement cell. Companies recruiting on campus asked to use it for their own openings, and a side project became a product.',
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

const DEVELOPERS = [
  {
    name: 'Arjun Mehta',
    role: 'Co-founder · Platform & code judging',
    email: 'arjun.mehta@assessly.dev',
    initials: 'AM',
  },
  { name: 'Sara Thomas', role: 'Co-founder · Proctoring & AI', email: 'sara.thomas@assessly.dev', initials: 'ST' },
];

const JOURNEY = [
  ['2022', 'The idea', 'A college project to run placement tests online without the cheating.'],
  ['2023', 'First campus drive', 'Over 2,000 students took coding tests on Assessly in a single week.'],
  [
    '2024',
    'Companies join',
    'Recruiters asked for their own workspaces; company registration and live proctoring followed.',
  ],
  ['2025', 'AI proctoring', 'Face recognition and behaviour analysis reached 99.9% cheat detection in our trials.'],
  ['Today', '500+ companies', 'More than 50,000 assessments taken, in 15+ programming languages.'],
] as const;

export function AboutPage() {
  return (
    <main>
      <header className="page-hero">
        <div className="container">
          <span className="eyebrow">About Assessly</span>
          <h1>Fair hiring, measured by real skills</h1>
          <p>We build the assessment platform we wished we had when we were the candidates.</p>
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

      <PubSection id="team-title" title="Meet the developers" lead="Questions about the product? Write to us directly.">
        <div className="team">
          {DEVELOPERS.map((d) => (
            <article key={d.email} className="card member">
              <span className="avatar" aria-hidden="true">
                {d.initials}
              </span>
              <h3>{d.name}</h3>
              <p className="muted" style={{ margin: '0 0 0.75rem' }}>
                {d.role}
              </p>
              <a href={`mailto:${d.email}`}>{d.email}</a>
            </article>
          ))}
        </div>
      </PubSection>

      <PubSection id="journey-title" title="Our journey" alt>
        <ol className="timeline">
          {JOURNEY.map(([year, title, text]) => (
            <li key={year}>
              <time>{year}</time>
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
