import type { TContactInfo, TContactSent } from '@assessly/shared';
import { useMutation, useQuery } from '@tanstack/react-query';
import { type FormEvent, useRef } from 'react';
import { PageSpinner } from '../../app/page-spinner';
import { ApiError, api, serverMessage } from '../../lib/api';
import { Icon } from './icons';
import './public.css';

interface ContactFields {
  name: string;
  email: string;
  subject: string;
  message: string;
}

/** The contact form stores each message and mails it to the operator's CONTACT_EMAIL (server: modules/contact). */
export function ContactPage() {
  const info = useQuery({ queryKey: ['contact'], queryFn: () => api<TContactInfo>('/api/contact') });
  return (
    <main>
      <header className="page-hero">
        <div className="container">
          <span className="eyebrow">Contact</span>
          <h1>Contact the people who run this site</h1>
          <p>Questions about a test, an account or this installation of Assessly.</p>
        </div>
      </header>
      <section className="container contact-grid" style={{ paddingBottom: '2rem' }}>
        {info.isPending ? (
          <PageSpinner />
        ) : info.isError ? (
          <p className="alert alert-error" role="alert">
            {serverMessage(info.error, 'The contact details could not be loaded. Check your connection and reload.')}
          </p>
        ) : info.data.address ? (
          <>
            <aside className="card contact-info" aria-label="Contact details">
              <h2 style={{ margin: 0 }}>Email</h2>
              <div className="contact-item">
                <span className="icon-box">
                  <Icon name="mail" />
                </span>
                <div>
                  <b>Write to</b>
                  <a href={`mailto:${info.data.address}`}>{info.data.address}</a>
                </div>
              </div>
              <p>Taking a test? Questions about its content go to the company that invited you.</p>
            </aside>
            <ContactForm address={info.data.address} />
          </>
        ) : (
          <div className="card">
            <h2 style={{ marginTop: 0 }}>No contact address here</h2>
            <p>
              This installation of Assessly has no contact address set up, so it offers no contact form. Please ask the
              company or person who sent you here.
            </p>
          </div>
        )}
      </section>
    </main>
  );
}

function ContactForm({ address }: { address: string }) {
  const formRef = useRef<HTMLFormElement>(null);
  const send = useMutation({
    mutationFn: (body: ContactFields) => api<TContactSent>('/api/contact', { method: 'POST', body }),
    onSuccess: () => formRef.current?.reset(),
  });

  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    // Native checks (required, email) have already passed when submit fires.
    e.preventDefault();
    const data = new FormData(e.currentTarget);
    const field = (name: keyof ContactFields) => String(data.get(name) ?? '');
    send.mutate({ name: field('name'), email: field('email'), subject: field('subject'), message: field('message') });
  };

  const fieldError = (name: keyof ContactFields) =>
    send.error instanceof ApiError ? send.error.fields?.[name] : undefined;

  return (
    <form ref={formRef} className="card" onSubmit={onSubmit} aria-labelledby="contact-form-title">
      <h2 id="contact-form-title" style={{ marginTop: 0 }}>
        Send a message
      </h2>
      <div className="form-2">
        <Field id="c-name" name="name" label="Your name" autoComplete="name" error={fieldError('name')} />
        <Field
          id="c-email"
          name="email"
          label="Your email address"
          type="email"
          autoComplete="email"
          error={fieldError('email')}
        />
      </div>
      <Field id="c-subject" name="subject" label="Subject" maxLength={200} error={fieldError('subject')} />
      <div className="field">
        <label htmlFor="c-message">Message</label>
        <textarea
          id="c-message"
          name="message"
          rows={5}
          maxLength={5000}
          required
          aria-invalid={fieldError('message') ? true : undefined}
        />
        {fieldError('message') && <span className="field-error">{fieldError('message')}</span>}
      </div>
      <button type="submit" className="btn btn-block btn-primary" disabled={send.isPending}>
        {send.isPending && (
          <span className="spinner" aria-hidden="true" style={{ width: 16, height: 16, borderWidth: 2 }} />
        )}
        {send.isPending ? 'Sending…' : 'Send message'}
      </button>
      <div role="status" aria-live="polite">
        {send.isSuccess &&
          (send.data.delivered ? (
            <p className="alert alert-success">Your message was sent to {address}. The reply will come by email.</p>
          ) : (
            <p className="alert alert-success">
              Your message was saved, but the mail server did not take it yet; you can also write to {address}.
            </p>
          ))}
      </div>
      {send.isError && !Object.keys((send.error as ApiError).fields ?? {}).length && (
        <p className="alert alert-error" role="alert">
          {serverMessage(send.error, 'The message could not be sent. Check your connection and try again.')}
        </p>
      )}
    </form>
  );
}

function Field(props: {
  id: string;
  name: keyof ContactFields;
  label: string;
  type?: string;
  autoComplete?: string;
  maxLength?: number;
  error?: string;
}) {
  return (
    <div className="field">
      <label htmlFor={props.id}>{props.label}</label>
      <input
        id={props.id}
        name={props.name}
        type={props.type ?? 'text'}
        autoComplete={props.autoComplete}
        maxLength={props.maxLength}
        required
        aria-invalid={props.error ? true : undefined}
      />
      {props.error && <span className="field-error">{props.error}</span>}
    </div>
  );
}
