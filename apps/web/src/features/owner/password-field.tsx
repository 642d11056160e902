import { scorePassword } from '@assessly/shared';
import { type ComponentProps, useState } from 'react';

/** A password input with a show/hide toggle. */
export function PasswordField(props: Omit<ComponentProps<'input'>, 'type'>) {
  const [visible, setVisible] = useState(false);
  return (
    <div className="owner-password">
      <input {...props} type={visible ? 'text' : 'password'} />
      <button
        type="button"
        className="owner-password-toggle"
        aria-label={visible ? 'Hide password' : 'Show password'}
        aria-pressed={visible}
        aria-controls={props.id}
        onClick={() => setVisible((v) => !v)}
      >
        {visible ? 'Hide' : 'Show'}
      </button>
    </div>
  );
}

/** The strength meter of spec §5: five criteria, ≤2 Weak, 3 Medium, >3 Strong. */
export function PasswordStrength({ password }: { password: string }) {
  if (!password) return null;
  const { score, label } = scorePassword(password);
  return (
    <div className={`strength strength-${label.toLowerCase()}`} aria-live="polite">
      <div className="strength-bar" aria-hidden="true">
        <span style={{ width: `${(score / 5) * 100}%` }} />
      </div>
      <span className="strength-label">
        Password strength: <strong>{label}</strong>
      </span>
    </div>
  );
}
