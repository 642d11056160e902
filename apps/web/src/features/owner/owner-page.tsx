import { useSearchParams } from 'react-router-dom';
import { CompanySignupForm } from './company-signup-form';
import { OwnerSignInForm } from './sign-in-form';
import './owner.css';

const FEATURES = ['Live Coding Tests', 'Anti-Cheat Detection', 'AI-Powered Analysis'];
// Facts about the product, not invented usage figures (issue 26).
const STATS = [
  ['Test kinds', 'Coding + aptitude'],
  ['Hosting', 'Your own server'],
] as const;

type Mode = 'signin' | 'register';

/** /owner and /owner/login (spec part 2 §2.5): the welcome banner, then Sign In (default) or Create Account. */
export function OwnerPage() {
  const [params, setParams] = useSearchParams();
  const mode: Mode = params.get('tab') === 'register' ? 'register' : 'signin';
  const setMode = (m: Mode) => setParams(m === 'register' ? { tab: 'register' } : {}, { replace: true });

  return (
    <main className="owner-page">
      <section className="owner-banner" aria-labelledby="owner-title">
        <div className="container owner-banner-inner">
          <div>
            <h1 id="owner-title">Welcome to Assessly</h1>
            <p className="owner-lead">
              Hire on skills: build coding and aptitude tests, proctor them, and review every submission in one place.
            </p>
            <ul className="owner-chips" aria-label="Features">
              {FEATURES.map((f) => (
                <li key={f} className="owner-chip">
                  {f}
                </li>
              ))}
            </ul>
          </div>
          <dl className="owner-stats">
            {STATS.map(([value, label]) => (
              <div key={label} className="owner-stat">
                <dt>{label}</dt>
                <dd>{value}</dd>
              </div>
            ))}
          </dl>
        </div>
      </section>

      <section className="container owner-panel">
        <div className="card">
          <div className="owner-tabs" role="tablist" aria-label="Sign in or create an account">
            <button
              type="button"
              role="tab"
              id="tab-signin"
              aria-controls="panel-signin"
              aria-selected={mode === 'signin'}
              onClick={() => setMode('signin')}
            >
              Sign In
            </button>
            <button
              type="button"
              role="tab"
              id="tab-register"
              aria-controls="panel-register"
              aria-selected={mode === 'register'}
              onClick={() => setMode('register')}
            >
              Create Account
            </button>
          </div>
          {mode === 'signin' ? (
            <div role="tabpanel" id="panel-signin" aria-labelledby="tab-signin">
              <OwnerSignInForm onCreateAccount={() => setMode('register')} />
            </div>
          ) : (
            <div role="tabpanel" id="panel-register" aria-labelledby="tab-register">
              <CompanySignupForm onSignIn={() => setMode('signin')} />
            </div>
          )}
        </div>
      </section>
    </main>
  );
}
