import { profileCompletion, type TUser, type TUserUpdate } from '@assessly/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, Navigate } from 'react-router-dom';
import { toast } from 'react-toastify';
import { PageSpinner } from '../../app/page-spinner';
import { ApiError, api } from '../../lib/api';
import { formatDate } from '../../lib/format';
import { forgetStoredUser, ME_KEY, rememberUser, useMe } from '../auth/use-auth';
import { MyTests } from '../review/my-tests';
import { PracticeLink } from './practice-link';
import { ProfileForm } from './profile-form';
import './profile.css';

const profileKey = (email: string) => ['user', 'by-email', email] as const;

/** /profile: the signed-in user's own profile; a visitor without a session goes to / (spec part 1 §2). */
export function ProfilePage() {
  const me = useMe();
  if (me.isPending) return <PageSpinner label="Loading profile..." />;
  if (me.isError) return <ErrorBox message={me.error.message} onRetry={() => me.refetch()} />;
  if (!me.data) return <Navigate to="/" replace />;
  return <Profile email={me.data.email} />;
}

function Profile({ email }: { email: string }) {
  const qc = useQueryClient();
  const [editing, setEditing] = useState(false);
  const profile = useQuery({
    queryKey: profileKey(email),
    queryFn: async () => {
      try {
        return await api<TUser>(`/api/users/by-email?email=${encodeURIComponent(email)}`);
      } catch (err) {
        if (err instanceof ApiError && err.status === 401) {
          // The session ended elsewhere: drop it here too, which sends the page to /.
          forgetStoredUser();
          qc.setQueryData(ME_KEY, null);
        }
        // Spec part 1 §7: a failed load reads 'Failed to fetch user data'.
        throw err instanceof ApiError && err.status > 0 ? new Error('Failed to fetch user data') : err;
      }
    },
    retry: false,
  });

  if (profile.isPending) return <PageSpinner label="Loading profile..." />;
  if (profile.isError) return <ErrorBox message={profile.error.message} onRetry={() => profile.refetch()} />;
  const user = profile.data;

  const save = async (values: TUserUpdate) => {
    const updated = await api<TUser>(`/api/users/${user.id}`, { method: 'PUT', body: values });
    qc.setQueryData(profileKey(email), updated);
    qc.setQueryData(ME_KEY, updated);
    rememberUser(updated);
    setEditing(false);
    toast.success('Profile updated successfully!');
  };

  const fullName = `${user.firstName} ${user.lastName}`.trim();
  const completion = profileCompletion(user);
  const initials =
    `${user.firstName.charAt(0)}${user.lastName.charAt(0)}`.toUpperCase() || user.email.charAt(0).toUpperCase();

  return (
    <main className="container profile-page">
      <section className="card profile-card" aria-labelledby="profile-name">
        <div className="profile-cover" />
        <div className="profile-head">
          <span className="profile-avatar" aria-hidden="true">
            {initials}
          </span>
          <div className="profile-title">
            <h1 id="profile-name">{fullName || 'Complete Your Profile'}</h1>
            <p>
              {user.email} <span className="badge">{user.role === 'employer' ? 'Employer' : 'Candidate'}</span>
            </p>
          </div>
          <button
            type="button"
            className={`btn ${editing ? 'btn-outline' : 'btn-primary'}`}
            aria-expanded={editing}
            onClick={() => setEditing((e) => !e)}
          >
            {editing ? 'Cancel' : 'Edit Profile'}
          </button>
        </div>
        <div className="profile-body">
          <div className="completion">
            <div className="completion-top">
              <span id="completion-label" className="label">
                Profile Completion
              </span>
              <b>{completion}%</b>
            </div>
            <div
              className="progress"
              role="progressbar"
              aria-labelledby="completion-label"
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={completion}
            >
              <span style={{ width: `${completion}%` }} />
            </div>
            {completion < 100 && <small>Add your details so employers can get to know you.</small>}
          </div>
          {editing ? <ProfileForm user={user} onSave={save} /> : <ProfileDetails user={user} />}
        </div>
      </section>
      {user.role === 'candidate' && <PracticeLink />}
      <MyTests />
      {/* Data download and account deletion (features/integrations). */}
      <p className="muted">
        <Link to="/account/data">Your data: download or delete your account</Link>
      </p>
    </main>
  );
}

function ProfileDetails({ user }: { user: TUser }) {
  const rows: [string, string, boolean?][] = [
    ['Gender', user.gender ? user.gender.charAt(0).toUpperCase() + user.gender.slice(1) : ''],
    ['Date of Birth', user.dob ? formatDate(`${user.dob}T00:00:00`) : ''],
    ['Mobile Number', user.mobileNumber],
    ['Member since', formatDate(user.createdAt)],
    ['Bio', user.bio, true],
    ['Education Details', user.educationDetails, true],
    ['Experience Details', user.experienceDetails, true],
  ];
  return (
    <dl className="profile-details">
      {rows.map(([label, value, wide]) => (
        <div key={label} className={wide ? 'wide' : undefined}>
          <dt>{label}</dt>
          <dd className={value ? undefined : 'empty'}>{value || 'Not provided'}</dd>
        </div>
      ))}
    </dl>
  );
}

function ErrorBox({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <main className="container profile-page">
      <div className="card error-box" role="alert">
        <p>Error: {message}</p>
        <button type="button" className="btn btn-primary" onClick={onRetry}>
          Try Again
        </button>
      </div>
    </main>
  );
}
