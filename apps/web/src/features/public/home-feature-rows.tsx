/** The three alternating 'assess, proctor, decide' sections of the home page. */
import { Link } from 'react-router-dom';
import { Icon } from './icons';
import { PubSection } from './pub-section';

const SAMPLE_CODE = `def two_sum(nums, target):
    seen = {}
    for i, n in enumerate(nums):
        if target - n in seen:
            return [seen[target - n], i]
        seen[n] = i
    return []`;

function Check({ children }: { children: string }) {
  return (
    <li>
      <Icon name="check" />
      <span>{children}</span>
    </li>
  );
}

export function FeatureRows() {
  return (
    <PubSection
      id="features-title"
      title="Everything a technical hiring round needs, in one place"
      eyebrow="Why teams switch"
      lead="Stop stitching together a code pad, a video call and a spreadsheet. Assessly covers the whole loop."
    >
      <div className="feature-row">
        <div>
          <span className="eyebrow">Assess</span>
          <h3>Real problems, judged automatically</h3>
          <p>
            Candidates solve coding problems in a full editor and run their code against your examples. Hidden test
            cases decide the score, so nobody can hard-code the answer.
          </p>
          <ul className="check-list">
            <Check>Coding tests in Python, Java, C++, JavaScript, TypeScript and more</Check>
            <Check>Aptitude tests with multiple-choice questions and explanations</Check>
            <Check>Marks per problem, passing marks per test</Check>
          </ul>
        </div>
        <div className="feature-visual" aria-hidden="true">
          <pre className="code-card">
            <span className="c"># two_sum.py: 14 of 15 hidden cases passed</span>
            {'\n'}
            {SAMPLE_CODE}
          </pre>
          <div className="visual-line">
            <span>Accepted · 42 ms · 9.8 MB</span>
            <span className="badge badge-success">Passed</span>
          </div>
        </div>
      </div>

      <div className="feature-row flip">
        <div>
          <span className="eyebrow">Proctor</span>
          <h3>Proctoring candidates accept and employers trust</h3>
          <p>
            The webcam checks that the person who took the enrolment photo is the one taking the test, and keeps
            checking. Our behaviour analysis flags what matters and ignores a candidate who simply looks away to think.
          </p>
          <ul className="check-list">
            <Check>Face recognition at the start and throughout the test</Check>
            <Check>Tab-switch, copy-paste and multiple-face detection</Check>
            <Check>A timestamped report with snapshots of every flag</Check>
          </ul>
        </div>
        <div className="feature-visual" aria-hidden="true">
          <div className="visual-line">
            <span>Face matches the enrolment photo</span>
            <span className="badge badge-success">Yes</span>
          </div>
          <div className="visual-line">
            <span>People in frame</span>
            <span className="badge badge-success">1</span>
          </div>
          <div className="visual-line">
            <span>Tab switches</span>
            <span className="badge badge-warning">1 flagged</span>
          </div>
          <div className="visual-line">
            <span>Mobile phone detected</span>
            <span className="badge badge-success">No</span>
          </div>
        </div>
      </div>

      <div className="feature-row">
        <div>
          <span className="eyebrow">Decide</span>
          <h3>From hundreds of applicants to a shortlist by Friday</h3>
          <p>
            Scores, integrity flags and profiles sit side by side. Move candidates forward and Assessly emails them the
            news, so your recruiters spend their time talking to people, not copying results.
          </p>
          <ul className="check-list">
            <Check>Automatic scoring and ranking</Check>
            <Check>Invitation and status emails sent for you</Check>
            <Check>Your whole team on one company workspace</Check>
          </ul>
          <Link to="/owner?tab=register" className="btn btn-primary btn-lg">
            Register Your Company
          </Link>
        </div>
        <div className="feature-visual" aria-hidden="true">
          {[
            ['Aisha K.', '92%', 'Shortlisted', 'badge-success'],
            ['Daniel M.', '88%', 'Shortlisted', 'badge-success'],
            ['Wei L.', '71%', 'In review', 'badge-warning'],
            ['Omar S.', '38%', 'Not selected', 'badge-danger'],
          ].map(([name, score, status, tone]) => (
            <div className="visual-line" key={name}>
              <span>
                <b>{name}</b> · {score}
              </span>
              <span className={`badge ${tone}`}>{status}</span>
            </div>
          ))}
        </div>
      </div>
    </PubSection>
  );
}
