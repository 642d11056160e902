import { type TUser, type TUserUpdate, ZUserUpdate } from '@assessly/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { ApiError } from '../../lib/api';

const FIELDS = [
  'firstName',
  'lastName',
  'gender',
  'dob',
  'mobileNumber',
  'bio',
  'educationDetails',
  'experienceDetails',
] as const;
type Field = (typeof FIELDS)[number];

interface Props {
  user: TUser;
  onSave: (values: TUserUpdate) => Promise<unknown>;
}

/** The profile edit form (spec part 1 §5: first and last name required, everything else optional). */
export function ProfileForm({ user, onSave }: Props) {
  const { register, handleSubmit, formState, setError } = useForm({
    resolver: zodResolver(ZUserUpdate),
    defaultValues: {
      firstName: user.firstName,
      lastName: user.lastName,
      gender: (user.gender || '') as TUserUpdate['gender'],
      dob: user.dob,
      mobileNumber: user.mobileNumber,
      bio: user.bio,
      educationDetails: user.educationDetails,
      experienceDetails: user.experienceDetails,
    },
  });
  const errors = formState.errors;

  const onSubmit = handleSubmit(async (values) => {
    try {
      await onSave(values);
    } catch (err) {
      // The form stays mounted, so everything typed is kept; the server's field messages land on the fields.
      setError('root', { message: 'Failed to update profile. Please try again.' });
      if (err instanceof ApiError && err.fields) {
        for (const name of FIELDS) {
          const message = err.fields[name];
          if (message) setError(name, { message });
        }
      }
    }
  });

  const props = (name: Field) => ({
    id: `profile-${name}`,
    'aria-invalid': !!errors[name],
    'aria-describedby': errors[name] ? `profile-${name}-error` : undefined,
    ...register(name),
  });
  const error = (name: Field) =>
    errors[name] ? (
      <span id={`profile-${name}-error`} className="field-error">
        {errors[name]?.message}
      </span>
    ) : null;

  const busy = formState.isSubmitting;
  return (
    <form onSubmit={onSubmit} aria-label="Edit profile">
      {errors.root && (
        <div className="alert alert-error" role="alert">
          {errors.root.message}
        </div>
      )}
      <div className="profile-form-grid">
        <div className="field">
          <label htmlFor="profile-firstName">First Name</label>
          <input autoComplete="given-name" required {...props('firstName')} />
          {error('firstName')}
        </div>
        <div className="field">
          <label htmlFor="profile-lastName">Last Name</label>
          <input autoComplete="family-name" required {...props('lastName')} />
          {error('lastName')}
        </div>
        <div className="field">
          <label htmlFor="profile-gender">Gender</label>
          <select {...props('gender')}>
            <option value="">Select gender</option>
            <option value="male">Male</option>
            <option value="female">Female</option>
            <option value="other">Other</option>
          </select>
          {error('gender')}
        </div>
        <div className="field">
          <label htmlFor="profile-dob">Date of Birth</label>
          <input type="date" {...props('dob')} />
          {error('dob')}
        </div>
        <div className="field wide">
          <label htmlFor="profile-mobileNumber">Mobile Number</label>
          <input type="tel" autoComplete="tel" placeholder="+1 555 010 2030" {...props('mobileNumber')} />
          {error('mobileNumber')}
        </div>
        <div className="field wide">
          <label htmlFor="profile-bio">Bio</label>
          <textarea rows={3} placeholder="A few lines about you" {...props('bio')} />
          {error('bio')}
        </div>
        <div className="field wide">
          <label htmlFor="profile-educationDetails">Education Details</label>
          <textarea rows={3} placeholder="Degrees, schools, years" {...props('educationDetails')} />
          {error('educationDetails')}
        </div>
        <div className="field wide">
          <label htmlFor="profile-experienceDetails">Experience Details</label>
          <textarea rows={3} placeholder="Roles, companies, what you built" {...props('experienceDetails')} />
          {error('experienceDetails')}
        </div>
      </div>
      <div className="profile-actions">
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {busy ? 'Saving...' : 'Save Changes'}
        </button>
      </div>
    </form>
  );
}
