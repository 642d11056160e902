import { scorePassword } from '@assessly/shared';

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
