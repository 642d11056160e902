import { type FormEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { Icon, type IconName } from './icons';
import './public.css';

/** Spec part 1 §9: the send is simulated (no network call) for 2000 ms, then confirmed for 3000 ms. */
const CONTACT_SENDING_MS = 2000;
const CONTACT_SENT_MS = 3000;

type SendState = 'idle' | 'sending' | 'sent';

const DETAILS: { icon: IconName; title: string; body: ReactNode }[] = [
  { icon: 'mail', title: 'Email', body: <a href="mailto:support@assessly.dev">support@assessly.dev</a> },
  { icon: 'phone', title: 'Phone', body: <a href="tel:+918041234567">+91 80 4123 4567</a> },
  { icon: 'pin', title: 'Office', body: <span>4th Floor, Prestige Tech Park, Bengaluru 560103, India</span> },
  { icon: 'clock', title: 'Hours', body: <span>Monday to Friday, 9:00 to 18:00 IST</span> },
];

export function ContactPage() {
  const formRef = useRef<HTMLFormElement>(null);
  const timers = useRef<number[]>([]);
  const [state, setState] = useState<SendState>('idle');

  useEffect(
    () => () => {
      for (const t of timers.current) window.clearTimeout(t);
    },
    [],
  );

  const onSubmit = (e: FormEvent) => {
    // Native checks (required, email, tel) have already passed when submit fires.
    e.preventDefault();
    if (state !== 'idle') return;
    setState('sending');
    timers.current.push(
      window.setTimeout(() => {
        setState('sent');
        timers.current.push(
          window.setTimeout(() => {
            formRef.current?.reset();
            setState('idle');
          }, CONTACT_SENT_MS),
        );
      }, CONTACT_SENDING_MS),
    );
  };

  const label = state === 'sending' ? 'Sending Message...' : state === 'sent' ? 'Message Sent!' : 'Send Message';

  return (
    <main>
      <header className="page-hero">
        <div className="container">
          <span className="eyebrow">Contact</span>
          <h1>Let’s talk about your hiring</h1>
          <p>
            Questions, a demo for your team, or help with a test: send us a message and we will reply within 24 hours.
          </p>
        </div>
      </header>
      <section className="container contact-grid" style={{ paddingBottom: '2rem' }}>
        <aside className="card contact-info" aria-label="Contact details">
          <h2 style={{ margin: 0 }}>Get in touch</h2>
          {DETAILS.map((d) => (
            <div key={d.title} className="contact-item">
              <span className="icon-box">
                <Icon name={d.icon} />
              </span>
              <div>
                <b>{d.title}</b>
                {d.body}
              </div>
            </div>
          ))}
        </aside>

        <form ref={formRef} className="card" onSubmit={onSubmit} aria-labelledby="contact-form-title">
          <h2 id="contact-form-title" style={{ marginTop: 0 }}>
            Send us a message
          </h2>
          <div className="form-2">
            <div className="field">
              <label htmlFor="c-first">First Name</label>
              <input id="c-first" name="firstName" autoComplete="given-name" required />
            </div>
            <div className="field">
              <label htmlFor="c-last">Last Name</label>
              <input id="c-last" name="lastName" autoComplete="family-name" required />
            </div>
            <div className="field">
              <label htmlFor="c-email">Email Address</label>
              <input id="c-email" name="email" type="email" autoComplete="email" required />
            </div>
            <div className="field">
              <label htmlFor="c-mobile">Mobile Number</label>
              <input id="c-mobile" name="mobile" type="tel" autoComplete="tel" required />
            </div>
          </div>
          <div className="field">
            <label htmlFor="c-subject">Subject</label>
            <input id="c-subject" name="subject" required />
          </div>
          <div className="field">
            <label htmlFor="c-message">Message</label>
            <textarea id="c-message" name="message" rows={5} required />
          </div>
          <button
            type="submit"
            className={`btn btn-block ${state === 'sent' ? 'btn-success' : 'btn-primary'}`}
            disabled={state !== 'idle'}
          >
            {state === 'sending' && (
              <span className="spinner" aria-hidden="true" style={{ width: 16, height: 16, borderWidth: 2 }} />
            )}
            {label}
          </button>
          <p className="sr-only" role="status" aria-live="polite">
            {state === 'sent' ? 'Message Sent! We will reply within 24 hours.' : ''}
          </p>
          <p className="reply-note">
            <Icon name="clock" /> We reply to every message within 24 hours.
          </p>
        </form>
      </section>
    </main>
  );
}
